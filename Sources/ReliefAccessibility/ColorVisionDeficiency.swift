/// A dichromacy, simulated with the severity-1.0 matrices of Machado, Oliveira and Fernandes,
/// "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009.
///
/// The matrices act on linear-light RGB (SPEC §7): each pixel is linearised, multiplied, clamped to
/// 0...1 and encoded again; alpha is kept.
public enum ColorVisionDeficiency: Sendable, CaseIterable {
    case protanopia, deuteranopia, tritanopia

    /// The published matrix, row by row: output (R, G, B) = matrix × input (R, G, B).
    public var matrix: [[Double]] {
        switch self {
        case .protanopia:
            [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ]
        case .deuteranopia:
            [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ]
        case .tritanopia:
            [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ]
        }
    }

    /// `image` as a viewer with this deficiency sees it.
    public func simulated(_ image: PixelImage) -> PixelImage {
        let m = matrix
        return image.mappingLinearColors { r, g, b in
            (
                m[0][0] * r + m[0][1] * g + m[0][2] * b,
                m[1][0] * r + m[1][1] * g + m[1][2] * b,
                m[2][0] * r + m[2][1] * g + m[2][2] * b
            )
        }
    }
}

/// Complete achromatopsia (rod monochromacy): only luminance is seen.
public enum Achromatopsia {
    /// `image` in greys of the same WCAG relative luminance (R = G = B), alpha kept.
    public static func simulated(_ image: PixelImage) -> PixelImage {
        image.mappingLinearColors { r, g, b in
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            return (y, y, y)
        }
    }
}

extension PixelImage {
    /// Every pixel's colour linearised, transformed and encoded again; alpha unchanged.
    func mappingLinearColors(_ transform: (Double, Double, Double) -> (Double, Double, Double)) -> PixelImage {
        var out = rgba
        // Renders hold few distinct colours next to their pixel count, so each is converted once.
        var converted: [UInt32: (UInt8, UInt8, UInt8)] = [:]
        for i in stride(from: 0, to: out.count, by: 4) {
            let key = UInt32(out[i]) << 16 | UInt32(out[i + 1]) << 8 | UInt32(out[i + 2])
            let rgb: (UInt8, UInt8, UInt8)
            if let known = converted[key] {
                rgb = known
            } else {
                let (r, g, b) = transform(SRGB.linear(out[i]), SRGB.linear(out[i + 1]), SRGB.linear(out[i + 2]))
                rgb = (SRGB.byte(linear: r), SRGB.byte(linear: g), SRGB.byte(linear: b))
                converted[key] = rgb
            }
            (out[i], out[i + 1], out[i + 2]) = rgb
        }
        return PixelImage(width: width, height: height, rgba: out)
    }
}
