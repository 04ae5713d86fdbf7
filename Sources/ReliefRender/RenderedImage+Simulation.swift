import ReliefAccessibility
import ReliefSpec

extension RenderedImage {
    /// Rows of pixels a colour-vision filter converts at a time: they map each pixel on its own, so
    /// filtering band by band gives the same bytes with a band's worth of extra memory.
    static let filterBandPixels = 1 << 16

    /// Changes the pixels to what the viewer `simulation` names sees (nothing for `.none`), in place.
    /// Simulations work on the finished pixels, after compositing, as the eye receives them; `scale`
    /// is the image's pixels per point.
    mutating func simulate(_ simulation: RenderSpec.Simulation, scale: Double) {
        guard simulation != .none else { return }
        // Taken out of `self`, the pixels have one owner and are changed where they lie.
        var pixels = PixelImage(width: width, height: height, rgba: rgba)
        rgba = []
        switch simulation {
        case .none: break
        case .lowvision:
            LowVisionModel(scale: scale, bandsAtOnce: CoreShare.process.threads(atMost: Renderer.bandsAtOnce)).simulate(&pixels)
        case .protanopia: pixels.filterInBands(ColorVisionDeficiency.protanopia.simulated)
        case .deuteranopia: pixels.filterInBands(ColorVisionDeficiency.deuteranopia.simulated)
        case .tritanopia: pixels.filterInBands(ColorVisionDeficiency.tritanopia.simulated)
        case .achromatopsia: pixels.filterInBands(Achromatopsia.simulated)
        }
        rgba = pixels.rgba
    }
}

extension PixelImage {
    /// Applies a filter that maps each pixel on its own to bands of rows in turn.
    mutating func filterInBands(_ filter: (PixelImage) -> PixelImage) {
        let rows = max(RenderedImage.filterBandPixels / max(width, 1), 1)
        let rowBytes = width * 4
        for top in stride(from: 0, to: height, by: rows) {
            let count = min(rows, height - top)
            let range = (top * rowBytes)..<((top + count) * rowBytes)
            let band = filter(PixelImage(width: width, height: count, rgba: Array(rgba[range])))
            rgba.replaceSubrange(range, with: band.rgba)
        }
    }
}
