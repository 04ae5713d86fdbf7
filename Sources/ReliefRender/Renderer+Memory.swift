import ReliefAccessibility
import ReliefImageFormats
import ReliefSpec

extension Renderer {
    /// The most memory a render of a `width` × `height` image with `simulation` holds at once,
    /// beyond what the process holds anyway (fonts, code), PNG encoding included: the finished
    /// image, 4 bytes a pixel, which the drawing fills and the encoder reads whole, and the larger
    /// of what either holds beside it.
    ///
    /// - Drawing: a quarter of a byte a pixel for wide shadows, kept for the whole image at a 16th
    ///   of its pixels or less (a 9th in images of at most 4 megapixels); 4 MiB, and 16 bytes a pixel up to 8 MiB, for each band being drawn
    ///   (its layers, the blurred planes around it), ``bandsAtOnce`` of them when the image has as
    ///   many bands of the default size, while a small image is drawn whole; with
    ///   `simulate=lowvision`, 48 bytes a pixel up to 24 MiB for each band being blurred, with the
    ///   blur's reach above and below it, in linear light, as many as are blurred at once.
    /// - Encoding: a byte a pixel for the palette indices of an image of at most 256 colours, and a
    ///   quarter of a byte a pixel for the compressed stream and the file. zlib filters and
    ///   deflates 64 KiB of rows at a time on each of its threads; libdeflate, which deflates a
    ///   picture of at most 4 MiB of rows, holds them whole with its output's bound beside them.
    ///   Either costs no more than a band's layers. The colour type is known only once the pixels
    ///   are, so the estimate takes the largest.
    ///
    /// With one band at a time, encoding outweighs drawing from about 12 megapixels (without low
    /// vision). The drawing terms were calibrated on 360 renders (every component in every style,
    /// from 144 × 144 to 4096 × 4096 pixels, plain, low vision and a colour-vision simulation), one
    /// band at a time; the encoding terms, and two bands at a time, on the 4096 × 4096 card, whose
    /// estimate is 92 MiB plain (140 MiB with low vision, whose band term the smaller renders
    /// reach) against measured peaks of 80 MiB (palette), 73 MiB (truecolour and truecolour with
    /// alpha) and 92 MiB with low vision (`relief-bench`, docs/PERFORMANCE.md).
    public static func estimatedPeakBytes(width: Int, height: Int, simulation: RenderSpec.Simulation) -> Int {
        let pixels = width * height
        return 4 * pixels + max(drawingBytes(width: width, height: height, simulation: simulation), pixels + pixels / 4)
    }

    /// What encoding `pixels` pixels (a still, or an animation's canvas) in `format` at `effort`
    /// holds beyond ``estimatedPeakBytes(width:height:simulation:)``, which counts a PNG's encoder:
    /// the measured peak of the effort's WebP or AVIF encoder (``WebPEncoder/Configuration/estimatedMemory(pixels:)``,
    /// ``AVIFEncoder/Configuration/estimatedMemory(pixels:)``), most of which libwebp and libaom
    /// hold whatever the size, and for an animation the canvases libwebp's animation encoder keeps
    /// to compare each frame with the one before (three, and the candidate frame).
    public static func estimatedEncoderBytes(
        _ format: RenderSpec.Format, effort: EncodingEffort, pixels: Int, animated: Bool = false
    ) -> Int {
        let fast = effort == .fast
        switch format {
        case .webp:
            let encoder: WebPEncoder.Configuration = fast ? .fast : .smallest
            return encoder.estimatedMemory(pixels: pixels) + (animated ? 16 * pixels : 0)
        case .avif: return (fast ? AVIFEncoder.Configuration.fast : .smallest).estimatedMemory(pixels: pixels)
        default: return 0
        }
    }

    /// What drawing a `width` × `height` image with `simulation` holds beside its pixels: the
    /// drawing term of ``estimatedPeakBytes(width:height:simulation:)``.
    static func drawingBytes(width: Int, height: Int, simulation: RenderSpec.Simulation) -> Int {
        let pixels = width * height
        let band = (4 << 20) + min(16 * pixels, 8 << 20)
        let rowsABand = PixelRenderer.bandRows(width: width, bandPixels: Configuration.defaultBandPixels)
        let bandsDrawn = min(bandsAtOnce, (height + rowsABand - 1) / rowsABand)
        let rowsALowVisionBand = LowVisionModel.bandRows(width: width, height: height)
        let lowVisionBands = min(bandsAtOnce, (height + rowsALowVisionBand - 1) / rowsALowVisionBand)
        let lowVision = simulation == .lowvision ? lowVisionBands * min(48 * pixels, 24 << 20) : 0
        return pixels / 4 + bandsDrawn * band + lowVision
    }
}
