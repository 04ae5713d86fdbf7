import ReliefSpec

/// A toggle's pictures between an animation's ends cost 3.4 times the still's pixel (measured with
/// `relief render`, CPU time of animations of about two megapixels against their stills').
extension RenderSpec.ToggleOptions: ComponentCost {
    static let inBetweenWorkPerPixel = 3.4
}
