import ReliefRaster

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Moderate low vision as an image filter: reduced acuity as an optical blur, then reduced contrast
/// sensitivity as a contrast loss, both in linear light. docs/ACCESSIBILITY.md derives the numbers.
///
/// - Acuity 6/24 (20/80, logMAR 0.6), the WHO's moderate visual impairment: the minimum angle of
///   resolution (MAR) is 4 arcminutes. A phone held at 35 cm, where 1 point is 1/163 inch
///   (0.156 mm) and 1 arcminute is 0.102 mm, puts the MAR at 2.6 points. The blur is a Gaussian of
///   σ = MAR / 2 = 1.3 points: the finest grating the viewer resolves (period 2 MAR) keeps 29 % of
///   its contrast, one twice as fine keeps under 1 %. It is the rasterizer's Gaussian, with the
///   image's edge pixels extended beyond it, as the scene continues past the canvas.
/// - Contrast sensitivity 0.3 log units below normal (a Pelli–Robson score of about 1.65 against
///   a normal 1.95): every contrast is multiplied by 10^-0.3 ≈ 0.5, about the image's mean colour.
public struct LowVisionModel: Sendable, Hashable {
    /// The minimum angle of resolution, in arcminutes.
    public static let minimumAngleOfResolution = 4.0
    /// Viewing distance in millimetres.
    public static let viewingDistance = 350.0
    /// Millimetres per point on the screen (1/163 inch).
    public static let millimetresPerPoint = 25.4 / 163
    /// Loss of contrast sensitivity, in log units.
    public static let contrastSensitivityLoss = 0.3

    /// The blur's σ in points: half the MAR as it lands on the screen.
    public static var blurSigmaInPoints: Double {
        let arcminute = viewingDistance * tan(Double.pi / (180 * 60))
        return minimumAngleOfResolution * arcminute / millimetresPerPoint / 2
    }

    /// The factor every contrast is multiplied by.
    public static var contrastFactor: Double {
        pow(10, -contrastSensitivityLoss)
    }

    /// Pixels per point of the image to filter.
    public var scale: Double

    /// Bands blurred at a time, each on a thread of its own, in that many bands' memory. Default 1.
    public var bandsAtOnce: Int

    public init(scale: Double, bandsAtOnce: Int = 1) {
        self.scale = scale
        self.bandsAtOnce = bandsAtOnce
    }

    /// Rows of the image blurred at a time: a band of about this many pixels (whole rows) with the
    /// blur's reach above and below, so the working memory stays a few MiB at any image size.
    public static let bandPixels = 1 << 18

    /// Rows in each band blurred of an image `width` × `height` pixels: ``bandPixels`` of them, at
    /// least 16 rows, at most the image.
    public static func bandRows(width: Int, height: Int) -> Int {
        min(max(bandPixels / max(width, 1), 16), max(height, 1))
    }

    /// `image` as the model sees it; alpha is blurred with the colour, as an optical blur spreads light.
    public func simulated(_ image: PixelImage) -> PixelImage {
        var seen = image
        simulate(&seen)
        return seen
    }

    /// Replaces `image` with what the model sees, band by band, with no second image.
    ///
    /// The contrast loss works about the mean colour of the blurred image, found first without
    /// blurring (``GaussianBlur/edgeExtendedWeights(count:sigma:)``); then each band of rows is
    /// blurred and written back over its source.
    public func simulate(_ image: inout PixelImage) {
        let (width, height) = (image.width, image.height)
        let sigma = Self.blurSigmaInPoints * scale
        let k = Float(Self.contrastFactor)
        SRGB.withFloatTables { srgb in
            image.rgba.withUnsafeMutableBufferPointer { rgba in
                /// Row `y` as premultiplied linear RGB and alpha, one SIMD4 a pixel.
                func linearRow(_ y: Int, _ out: UnsafeMutableBufferPointer<SIMD4<Float>>) {
                    let bytes = rgba.baseAddress! + y * width * 4
                    // Runs of equal pixels (most of a component's background) are converted once;
                    // all four bytes 0 is transparent black, zero in premultiplied linear light.
                    var (lastPixel, lastValue) = (UInt32(0), SIMD4<Float>.zero)
                    for x in 0..<width {
                        let pixel = UnsafeRawPointer(bytes + x * 4).loadUnaligned(as: UInt32.self)
                        if pixel != lastPixel {
                            let alpha = Float(bytes[x * 4 + 3]) / 255
                            lastValue =
                                SIMD4(srgb.linear(bytes[x * 4]), srgb.linear(bytes[x * 4 + 1]), srgb.linear(bytes[x * 4 + 2]), 1)
                                * alpha
                            lastPixel = pixel
                        }
                        out[x] = lastValue
                    }
                }
                // Contrast moves every colour towards the mean: mean + k·(c − mean).
                let mean = meanAfterBlur(width: width, height: height, sigma: sigma, row: linearRow)
                let kept = mean * (1 - k)
                GaussianBlur.blurWithEdgesExtended(
                    width: width, height: height, sigma: sigma,
                    bandRows: Self.bandRows(width: width, height: height), bandsAtOnce: bandsAtOnce,
                    row: linearRow
                ) { rows, pixels in
                    let bytes = UnsafeMutableRawPointer(rgba.baseAddress! + rows.lowerBound * width * 4)
                    // Runs of equal blurred pixels (flat areas, where the blur changes nothing) are
                    // converted once; the first remembered pixel, alpha −1, is transparent black too.
                    var (lastPixel, lastSeen) = (SIMD4<Float>(repeating: -1), SIMD4<UInt8>.zero)
                    for p in 0..<(rows.count * width) {
                        let pixel = pixels[p]
                        if pixel != lastPixel {
                            lastPixel = pixel
                            // A pixel the blur's faint tail makes less than half a step opaque stays transparent black.
                            if pixel.w * 255 >= 0.5 {
                                // Most pixels are opaque, and dividing by 1 changes nothing.
                                lastSeen = srgb.bytes(linear: kept + k * (pixel.w == 1 ? pixel : pixel / pixel.w))
                                lastSeen.w = UInt8(min(pixel.w, 1) * 255 + 0.5)
                            } else {
                                lastSeen = .zero
                            }
                        }
                        bytes.storeBytes(of: lastSeen, toByteOffset: p * 4, as: SIMD4<UInt8>.self)
                    }
                }
            }
        }
    }

    /// The mean colour (alpha-weighted) of the image blurred with its edges extended, from the
    /// image itself: each pixel weighs as much as it spreads into the blurred image.
    private func meanAfterBlur(
        width: Int, height: Int, sigma: Double,
        row: (Int, UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    ) -> SIMD4<Float> {
        let columnWeights = GaussianBlur.edgeExtendedWeights(count: width, sigma: sigma)
        let rowWeights = GaussianBlur.edgeExtendedWeights(count: height, sigma: sigma)
        var total = SIMD4<Double>.zero
        var line = [SIMD4<Float>](repeating: .zero, count: width)
        line.withUnsafeMutableBufferPointer { line in
            for y in 0..<height {
                row(y, line)
                // Sums of a few dozen pixels in single precision, added up in double.
                var sum = SIMD4<Double>.zero
                for start in stride(from: 0, to: width, by: 64) {
                    var part = SIMD4<Float>.zero
                    for x in start..<min(start + 64, width) { part += line[x] * columnWeights[x] }
                    sum += SIMD4<Double>(part)
                }
                total += sum * Double(rowWeights[y])
            }
        }
        return total.w > 0 ? SIMD4<Float>(total / total.w) : .zero
    }
}
