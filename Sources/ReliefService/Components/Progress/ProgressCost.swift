import ReliefSpec

/// A progress indicator blurs a shallow well's strokes over its whole frame, as a well does; each
/// picture of an animation is a still at the value reached, drawn whole.
extension RenderSpec.ProgressOptions: ComponentCost {
    static let workPerPixel = RenderSpec.WellOptions.workPerPixel
    static let inBetweenWorkPerPixel = 1.0
}
