import ReliefSpec

/// A switch blurs its track's strokes over its whole frame (about 115 ns a pixel); in an animation
/// the pictures draw the knob over what lies beneath it, drawn once for all of them, about half the
/// canvas (48 %).
extension RenderSpec.SwitchOptions: ComponentCost {
    static let workPerPixel = 5.0
    static let inBetweenShare = 0.5
    static let inBetweenWorkPerPixel = 0.35
}
