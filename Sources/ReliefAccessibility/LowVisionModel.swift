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

    public init(scale: Double) {
        self.scale = scale
    }

    /// `image` as the model sees it; alpha is blurred with the colour, as an optical blur spreads light.
    public func simulated(_ image: PixelImage) -> PixelImage {
        let count = image.width * image.height
        // Premultiplied linear RGB and alpha, one SIMD4 a pixel.
        var pixels = [SIMD4<Float>](repeating: .zero, count: count)
        image.rgba.withUnsafeBufferPointer { rgba in
            for p in 0..<count {
                let alpha = Float(rgba[p * 4 + 3]) / 255
                pixels[p] = SIMD4(SRGB.linearFloat(rgba[p * 4]) * alpha, SRGB.linearFloat(rgba[p * 4 + 1]) * alpha,
                                  SRGB.linearFloat(rgba[p * 4 + 2]) * alpha, alpha)
            }
        }
        pixels = GaussianBlur.blurredWithEdgesExtended(pixels, width: image.width, height: image.height,
                                                       sigma: Self.blurSigmaInPoints * scale)

        let total = pixels.reduce(SIMD4<Double>.zero) { $0 + SIMD4<Double>($1) }
        let mean = total.w > 0 ? SIMD4<Float>(total / total.w) : .zero
        let k = Float(Self.contrastFactor)
        var out = [UInt8](repeating: 0, count: count * 4)
        for p in 0..<count {
            let alpha = pixels[p].w
            // A pixel the blur's faint tail makes less than half a step opaque stays transparent black.
            let alphaByte = UInt8((min(max(alpha, 0), 1) * 255).rounded())
            guard alphaByte > 0 else { continue }
            let reduced = mean + k * (pixels[p] / alpha - mean)
            out[p * 4] = SRGB.byte(linearFloat: reduced.x)
            out[p * 4 + 1] = SRGB.byte(linearFloat: reduced.y)
            out[p * 4 + 2] = SRGB.byte(linearFloat: reduced.z)
            out[p * 4 + 3] = alphaByte
        }
        return PixelImage(width: image.width, height: image.height, rgba: out)
    }
}
