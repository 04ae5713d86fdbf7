import ReliefAccessibility
import ReliefSpec

extension RenderedImage {
    /// The image as the viewer `spec.simulation` names sees it (the image itself for `.none`).
    /// Simulations work on the finished pixels, after compositing, as the eye receives them.
    func simulating(_ spec: RenderSpec) -> RenderedImage {
        let pixels = PixelImage(width: width, height: height, rgba: rgba)
        let seen: PixelImage
        switch spec.simulation {
        case .none: return self
        case .lowvision: seen = LowVisionModel(scale: spec.scale).simulated(pixels)
        case .protanopia: seen = ColorVisionDeficiency.protanopia.simulated(pixels)
        case .deuteranopia: seen = ColorVisionDeficiency.deuteranopia.simulated(pixels)
        case .tritanopia: seen = ColorVisionDeficiency.tritanopia.simulated(pixels)
        case .achromatopsia: seen = Achromatopsia.simulated(pixels)
        }
        return RenderedImage(width: width, height: height, rgba: seen.rgba)
    }
}
