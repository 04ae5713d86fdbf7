import ReliefSpec

/// A slider blurs a shallow well's strokes over its 12-point track, and its knob's small shadows; each
/// picture of an animation is a still at the value reached, drawn whole.
extension RenderSpec.SliderOptions: ComponentCost {
    static let workPerPixel = 2.0
    static let inBetweenWorkPerPixel = 1.0
}
