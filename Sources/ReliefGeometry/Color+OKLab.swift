#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A colour in Björn Ottosson's OKLab space (2020): `lightness` 0 (black) to 1 (white), `a` green–red
/// and `b` blue–yellow. Equal steps of lightness look like equal steps, whatever the hue, which is
/// why highlight and shadow colours are derived here rather than by scaling sRGB channels.
public struct OKLab: Sendable, Hashable {
    public var lightness: Double
    public var a: Double
    public var b: Double

    public init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// The same colour in polar form: lightness, chroma and hue (radians).
    public init(lightness: Double, chroma: Double, hue: Double) {
        self.init(lightness: lightness, a: chroma * cos(hue), b: chroma * sin(hue))
    }

    /// How colourful: the distance from the grey axis.
    public var chroma: Double { (a * a + b * b).squareRoot() }
    /// The hue angle in radians.
    public var hue: Double { atan2(b, a) }

    /// The linear-light sRGB channels, which may fall outside 0...1 for a colour sRGB cannot show.
    public var linearSRGB: (red: Double, green: Double, blue: Double) {
        let l = cube(lightness + 0.3963377774 * a + 0.2158037573 * b)
        let m = cube(lightness - 0.1055613458 * a - 0.0638541728 * b)
        let s = cube(lightness - 0.0894841775 * a - 1.2914855480 * b)
        return (
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        )
    }

    /// Whether sRGB can show the colour (within a rounding error).
    public var isInSRGB: Bool {
        let rgb = linearSRGB
        let range = -1e-7...(1 + 1e-7)
        return range.contains(rgb.red) && range.contains(rgb.green) && range.contains(rgb.blue)
    }

    /// The colour at `lightness` with this hue, its chroma reduced as far as needed (and no further)
    /// for sRGB to show it: gamut mapping by chroma reduction, found by bisection.
    public func mappedIntoSRGB(lightness: Double) -> OKLab {
        let target = min(max(lightness, 0), 1)
        let full = OKLab(lightness: target, chroma: chroma, hue: hue)
        if full.isInSRGB { return full }
        var inside = 0.0, outside = chroma
        for _ in 0..<40 {
            let middle = (inside + outside) / 2
            if OKLab(lightness: target, chroma: middle, hue: hue).isInSRGB { inside = middle } else { outside = middle }
        }
        return OKLab(lightness: target, chroma: inside, hue: hue)
    }

    private func cube(_ x: Double) -> Double { x * x * x }
}

extension Color {
    /// The colour in OKLab (alpha is ignored).
    public var okLab: OKLab {
        let (r, g, bl) = (Self.linear(red), Self.linear(green), Self.linear(blue))
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        return OKLab(
            lightness: 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            a: 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            b: 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// The opaque sRGB colour of `lab`, each channel clamped to 0...1 and rounded to a whole 8-bit
    /// value, so derived colours are colours a designer can write down as rrggbb.
    public init(_ lab: OKLab) {
        let rgb = lab.linearSRGB
        self.init(Self.encodedByte(linear: rgb.red), Self.encodedByte(linear: rgb.green), Self.encodedByte(linear: rgb.blue))
    }

    /// WCAG relative luminance (SPEC §7) of the colour's channels.
    public var relativeLuminance: Double {
        0.2126 * Self.linear(red) + 0.7152 * Self.linear(green) + 0.0722 * Self.linear(blue)
    }

    /// The WCAG contrast ratio with `other`, 1 to 21.
    public func contrastRatio(with other: Color) -> Double {
        Self.contrastRatio(relativeLuminance, other.relativeLuminance)
    }

    /// The WCAG contrast ratio of two relative luminances: (L_light + 0.05) / (L_dark + 0.05),
    /// whichever order they come in.
    public static func contrastRatio(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The sRGB transfer function (IEC 61966-2-1) with the thresholds WCAG quotes: the linear-light
    /// value of an encoded channel in 0...1.
    public static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The whole 8-bit encoded value of a linear-light channel, clamped to 0...1.
    public static func encodedByte(linear value: Double) -> Int {
        let v = min(max(value, 0), 1)
        let encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        return Int((encoded * 255).rounded())
    }
}
