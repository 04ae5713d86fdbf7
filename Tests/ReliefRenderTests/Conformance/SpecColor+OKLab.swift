import Foundation

/// docs/RENDERING.md's colour derivations, implemented again from the formulas there (Ottosson's
/// OKLab matrices; lightness ± intensity; chroma reduced into sRGB), so that a slip in the
/// renderer's derivation shows up as a difference from rsvg.
extension SpecColor {
    /// OKLab lightness, a and b.
    typealias Lab = (l: Double, a: Double, b: Double)

    private static func toLinear(_ channel: Int) -> Double {
        let c = Double(channel) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func toChannel(_ linear: Double) -> Int {
        let v = min(1, max(0, linear))
        return Int(((v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055) * 255).rounded())
    }

    var lab: Lab {
        let r = Self.toLinear(red), g = Self.toLinear(green), b = Self.toLinear(blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        )
    }

    /// Linear sRGB of an OKLab colour; outside 0...1 where sRGB cannot show it.
    private static func linearRGB(_ lab: Lab) -> [Double] {
        let l = pow(lab.l + 0.3963377774 * lab.a + 0.2158037573 * lab.b, 3)
        let m = pow(lab.l - 0.1055613458 * lab.a - 0.0638541728 * lab.b, 3)
        let s = pow(lab.l - 0.0894841775 * lab.a - 1.2914855480 * lab.b, 3)
        return [
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s,
        ]
    }

    /// Lightness `l` in this colour's hue, with `chromaRatio` of its chroma, reduced until sRGB holds it.
    func tone(lightness l: Double, chromaRatio: Double = 1) -> SpecColor {
        let own = lab
        let hue = atan2(own.b, own.a)
        let target = min(1, max(0, l))
        func toned(_ chroma: Double) -> Lab { (target, chroma * cos(hue), chroma * sin(hue)) }
        func fits(_ chroma: Double) -> Bool { Self.linearRGB(toned(chroma)).allSatisfy { $0 > -1e-7 && $0 < 1 + 1e-7 } }
        var chroma = (own.a * own.a + own.b * own.b).squareRoot() * chromaRatio
        if !fits(chroma) {
            var low = 0.0, high = chroma
            while high - low > 1e-10 {
                let middle = (low + high) / 2
                if fits(middle) { low = middle } else { high = middle }
            }
            chroma = low
        }
        return SpecColor(lab: toned(chroma))
    }

    /// The sRGB colour of an OKLab colour, each channel clamped and rounded to 8 bits.
    init(lab: Lab) {
        let rgb = Self.linearRGB(lab).map(Self.toChannel)
        self.init(rgb[0], rgb[1], rgb[2])
    }

    /// Highlight at L + Δ and shadow at L − Δ; a side stopped at white or black passes the rest
    /// to the other side.
    func reliefPair(_ intensity: Double) -> (highlight: SpecColor, shadow: SpecColor) {
        let l = lab.l
        let spill = max(0, l + intensity - 1) - max(0, intensity - l)
        return (tone(lightness: l + intensity - spill), tone(lightness: l - intensity - spill))
    }

    /// This colour seen over the opaque `ground`.
    func over(_ ground: SpecColor) -> SpecColor {
        func mix(_ top: Int, _ bottom: Int) -> Int { Int((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded()) }
        return SpecColor(mix(red, ground.red), mix(green, ground.green), mix(blue, ground.blue))
    }
}
