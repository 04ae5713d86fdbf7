import ReliefEscaping
import ReliefGeometry

/// One opaque 8-bit sRGB colour as it appears in a rendered image.
public struct PixelColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// WCAG relative luminance (SPEC §7): 0.2126 R + 0.7152 G + 0.0722 B of the linearised channels.
    public var relativeLuminance: Double {
        0.2126 * SRGB.linear(red) + 0.7152 * SRGB.linear(green) + 0.0722 * SRGB.linear(blue)
    }

    /// The WCAG contrast ratio with `other`: (L_light + 0.05) / (L_dark + 0.05), from 1 to 21.
    public func contrastRatio(with other: PixelColor) -> Double {
        ContrastRatio.between(relativeLuminance, other.relativeLuminance)
    }

    /// `rrggbb`, lowercase, as designers and the `background` parameter write colours.
    public var hex: String {
        HexDigits.bytes([red, green, blue])
    }
}

/// The WCAG contrast ratio of two relative luminances.
public enum ContrastRatio {
    /// (L_light + 0.05) / (L_dark + 0.05), whichever order the luminances come in.
    public static func between(_ a: Double, _ b: Double) -> Double {
        Color.contrastRatio(a, b)
    }
}
