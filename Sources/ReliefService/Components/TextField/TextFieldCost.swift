import ReliefSpec

/// A text field blurs its shallow well's strokes over its whole frame, as a well does.
extension RenderSpec.TextFieldOptions: ComponentCost {
    static let workPerPixel = RenderSpec.WellOptions.workPerPixel
}
