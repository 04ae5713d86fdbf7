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
///   its contrast, one twice as fine keeps under 1 %.
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
        var planes = [[Float]](repeating: [Float](repeating: 0, count: count), count: 4)
        for p in 0..<count {
            let alpha = Float(image.rgba[p * 4 + 3]) / 255
            for c in 0..<3 {
                planes[c][p] = Float(SRGB.linear(image.rgba[p * 4 + c])) * alpha
            }
            planes[3][p] = alpha
        }
        let sigma = Self.blurSigmaInPoints * scale
        planes = planes.map { GaussianKernel(sigma: sigma).blurred($0, width: image.width, height: image.height) }

        var mean: [Double] = [0, 0, 0]
        let coverage = planes[3].reduce(0) { $0 + Double($1) }
        for c in 0..<3 {
            mean[c] = coverage > 0 ? planes[c].reduce(0) { $0 + Double($1) } / coverage : 0
        }
        let k = Self.contrastFactor
        var out = [UInt8](repeating: 0, count: count * 4)
        for p in 0..<count {
            let alpha = Double(planes[3][p])
            guard alpha > 0 else { continue }
            for c in 0..<3 {
                let straight = Double(planes[c][p]) / alpha
                out[p * 4 + c] = SRGB.byte(linear: mean[c] + k * (straight - mean[c]))
            }
            out[p * 4 + 3] = UInt8((min(alpha, 1) * 255).rounded())
        }
        return PixelImage(width: image.width, height: image.height, rgba: out)
    }
}

/// A normalised Gaussian, applied along rows then columns; edge pixels extend beyond the image,
/// as the scene continues past the frame.
struct GaussianKernel {
    let weights: [Float]

    init(sigma: Double) {
        let reach = max(0, Int((3 * sigma).rounded(.up)))
        let raw = (-reach...reach).map { sigma > 0 ? exp(-Double($0 * $0) / (2 * sigma * sigma)) : 1 }
        let total = raw.reduce(0, +)
        weights = raw.map { Float($0 / total) }
    }

    func blurred(_ plane: [Float], width: Int, height: Int) -> [Float] {
        let rows = pass(plane, count: width, lines: height, step: 1, lineStride: width)
        return pass(rows, count: height, lines: width, step: width, lineStride: 1)
    }

    /// One direction: `lines` lines of `count` samples, `step` apart, lines `lineStride` apart.
    private func pass(_ input: [Float], count: Int, lines: Int, step: Int, lineStride: Int) -> [Float] {
        let reach = weights.count / 2
        var output = [Float](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let base = line * lineStride
                    for i in 0..<count {
                        var sum: Float = 0
                        for (offset, weight) in weights.enumerated() {
                            let j = min(max(i + offset - reach, 0), count - 1)
                            sum += weight * src[base + j * step]
                        }
                        dst[base + i * step] = sum
                    }
                }
            }
        }
        return output
    }
}
