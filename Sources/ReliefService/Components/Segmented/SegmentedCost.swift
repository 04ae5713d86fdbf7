import ReliefSpec

/// A segmented control blurs a shallow well's strokes over its whole frame, as a well does; in an
/// animation only the chosen segment and the words change.
extension RenderSpec.SegmentedOptions: ComponentCost {
    static let workPerPixel = 3.5
}
