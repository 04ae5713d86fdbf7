import ReliefSpec

extension Renderer {
    /// The most memory a render of a `width` × `height` image with `simulation` holds at once,
    /// beyond what the process holds anyway (fonts, code), PNG encoding included:
    ///
    /// - 4 bytes a pixel: the finished image, which the encoder reads whole;
    /// - a quarter of a byte a pixel: wide shadows, kept for the whole image at a 16th of its
    ///   pixels or less, and the PNG;
    /// - 4 MiB, and 16 bytes a pixel up to 8 MiB: the band being drawn (its layers, the
    ///   blurred planes around it), which a small image draws whole;
    /// - with `simulate=lowvision`, 48 bytes a pixel up to 24 MiB: the band being blurred, with the
    ///   blur's reach above and below it, in linear light.
    ///
    /// Calibrated on 360 renders (every component in every style, from 144 × 144 to 4096 × 4096
    /// pixels, plain, low vision and a colour-vision simulation; docs/PERFORMANCE.md): every
    /// measured peak lies below the estimate, the largest by 7 MiB plain and 27 MiB with low vision.
    public static func estimatedPeakBytes(width: Int, height: Int, simulation: RenderSpec.Simulation) -> Int {
        let pixels = width * height
        let band = (4 << 20) + min(16 * pixels, 8 << 20)
        let lowVision = simulation == .lowvision ? min(48 * pixels, 24 << 20) : 0
        return 4 * pixels + pixels / 4 + band + lowVision
    }
}
