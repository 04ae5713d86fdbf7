import ReliefSpec

extension Renderer {
    /// The most memory a render of a `width` × `height` image with `simulation` holds at once,
    /// beyond what the process holds anyway (fonts, code), PNG encoding included: the finished
    /// image, 4 bytes a pixel, which the drawing fills and the encoder reads whole, and the larger
    /// of what either holds beside it.
    ///
    /// - Drawing: a quarter of a byte a pixel for wide shadows, kept for the whole image at a 16th
    ///   of its pixels or less; 4 MiB, and 16 bytes a pixel up to 8 MiB, for the band being drawn
    ///   (its layers, the blurred planes around it), which a small image draws whole; with
    ///   `simulate=lowvision`, 48 bytes a pixel up to 24 MiB for the band being blurred, with the
    ///   blur's reach above and below it, in linear light.
    /// - Encoding: 4 bytes a pixel for the filtered rows of a truecolour image with alpha (a palette
    ///   image holds 2, its indices and filtered rows; truecolour without alpha 3), and a quarter of
    ///   a byte a pixel for the compressed stream and the file. The colour type is known only once
    ///   the pixels are, so the estimate takes the largest.
    ///
    /// Encoding outweighs drawing from about 3 megapixels (9 with low vision). The drawing terms
    /// were calibrated on 360 renders (every component in every style, from 144 × 144 to
    /// 4096 × 4096 pixels, plain, low vision and a colour-vision simulation); the encoding terms on
    /// the 4096 × 4096 card, whose estimate is 132 MiB plain or with low vision, against measured
    /// peaks of 96 MiB (palette), 113 MiB (truecolour) and 128 MiB (truecolour with alpha)
    /// (`relief-bench`, docs/PERFORMANCE.md).
    public static func estimatedPeakBytes(width: Int, height: Int, simulation: RenderSpec.Simulation) -> Int {
        let pixels = width * height
        let band = (4 << 20) + min(16 * pixels, 8 << 20)
        let lowVision = simulation == .lowvision ? min(48 * pixels, 24 << 20) : 0
        let drawing = pixels / 4 + band + lowVision
        let encoding = 4 * pixels + pixels / 4
        return 4 * pixels + max(drawing, encoding)
    }
}
