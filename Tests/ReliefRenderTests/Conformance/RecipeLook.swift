import Foundation
import ReliefSpec

/// The colours, light and relief of a spec, computed from the contract and docs/RENDERING.md
/// (not read from the renderer): the article's palette unless the query gives a colour or an
/// intensity; every offset and gradient axis turned by Δ = light − 315° and scaled by distance and blur.
struct RecipeLook {
    /// Light and soft: the surface, the outer shadows and the inner edges.
    var surface: SpecColor
    var shadow: SpecColor
    var highlight: SpecColor
    var edgeShadow: SpecColor
    var edgeHighlight: SpecColor
    /// Dark and colorful: the gradient's ends, a well's deepest edge, the ring's ends.
    var start = SpecColor.darkStart
    var end = SpecColor.darkEnd
    var wellShadow = SpecColor.black
    var ringStart = SpecColor.lightStart
    var ringEnd = SpecColor.lightEnd
    /// Where the light's direction sends a recipe's (x, y): turned by the light, or mirrored when the
    /// light is the seeds' mirrored (docs/RENDERING.md: topright left to right, bottomleft top to bottom).
    let direction: @Sendable (Double, Double) -> (x: Double, y: Double)
    let distanceScale: Double
    let blurScale: Double

    /// docs/RENDERING.md: each style's own intensity, distance and blur.
    static let ownIntensity: [RenderSpec.Style: Double] = [.light: 0.1, .dark: 0.07, .colorful: 0.07, .soft: 0.12]
    static let ownRelief: [RenderSpec.Style: Double] = [.light: 10, .dark: 10, .colorful: 10, .soft: 8]

    init(_ spec: RenderSpec) {
        let turn = Double(spec.look.light.degrees - 315) * .pi / 180
        // Rounded so that quarter and eighth turns are exact, as the contract's corners are.
        let cosine = (cos(turn) * 1e12).rounded() / 1e12
        let sine = (sin(turn) * 1e12).rounded() / 1e12
        direction =
            switch spec.look.light.degrees {
            case 45: { x, y in (-x, y) }
            case 225: { x, y in (x, -y) }
            default: { x, y in (x * cosine - y * sine, x * sine + y * cosine) }
            }
        distanceScale = spec.look.distance / Self.ownRelief[spec.look.style]!
        blurScale = spec.look.blur / Self.ownRelief[spec.look.style]!
        let derived = spec.look.color != .style || spec.look.intensity != Self.ownIntensity[spec.look.style]!
        let given = spec.look.color.custom.map { SpecColor(Int($0.red), Int($0.green), Int($0.blue)) }
        switch spec.look.style {
        case .light:
            (surface, shadow, highlight, edgeShadow, edgeHighlight) = (
                .offWhite, .black.opacity(0.2), .white.opacity(0.7), .gray, .white
            )
        case .soft:
            (surface, shadow, highlight) = (.softMain, .softDarkShadow, .softLightShadow)
            (edgeShadow, edgeHighlight) = (shadow, highlight)
        case .dark, .colorful:
            (surface, shadow, highlight, edgeShadow, edgeHighlight) = (.black, .black, .black, .black, .black)
        }
        if derived {
            switch spec.look.style {
            case .light, .soft:
                surface = given ?? surface
                (highlight, shadow) = surface.reliefPair(spec.look.intensity)
                (edgeHighlight, edgeShadow) = (highlight, shadow)
            case .dark, .colorful:
                // The middle of the articles' gradient: the OKLab mean of darkStart and darkEnd.
                let middle = given ?? Self.mean(.darkStart, .darkEnd)
                (start, end) = middle.reliefPair(spec.look.intensity)
                wellShadow = end.reliefPair(spec.look.intensity).shadow
            }
        }
        if let accent = spec.look.accent?.custom {
            ringStart = SpecColor(Int(accent.red), Int(accent.green), Int(accent.blue))
            ringEnd = ringStart.tone(
                lightness: ringStart.lab.l * SpecColor.lightEnd.lab.l / SpecColor.lightStart.lab.l,
                chromaRatio: Self.chroma(.lightEnd) / Self.chroma(.lightStart))
        }
    }

    private static func chroma(_ color: SpecColor) -> Double {
        let lab = color.lab
        return (lab.a * lab.a + lab.b * lab.b).squareRoot()
    }

    private static func mean(_ first: SpecColor, _ second: SpecColor) -> SpecColor {
        let a = first.lab, b = second.lab
        return SpecColor(lab: ((a.l + b.l) / 2, (a.a + b.a) / 2, (a.b + b.b) / 2))
    }

    /// A recipe's offset turned (or mirrored) with the light and scaled by the distance.
    func offset(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let moved = direction(x, y)
        return (moved.x * distanceScale, moved.y * distanceScale)
    }

    /// A gradient from the unit point (ux1, uy1) to (ux2, uy2) of `frame`, its direction turned (or
    /// mirrored) and its ends put where it meets the unit square's boundary.
    func gradient(
        _ from: SpecColor, _ to: SpecColor, _ u1: (Double, Double), _ u2: (Double, Double),
        across frame: SVGShape
    ) -> SVGPaint {
        let dx = u2.0 - u1.0, dy = u2.1 - u1.1
        let (vx, vy) = direction(dx, dy)
        let reach = max(abs(vx), abs(vy))
        let (sx, sy) = (0.5 - 0.5 * vx / reach, 0.5 - 0.5 * vy / reach)
        let (ex, ey) = (0.5 + 0.5 * vx / reach, 0.5 + 0.5 * vy / reach)
        return .linearGradient(
            from: from, to: to,
            x1: frame.x + sx * frame.width, y1: frame.y + sy * frame.height,
            x2: frame.x + ex * frame.width, y2: frame.y + ey * frame.height)
    }

    /// `LinearGradient(a, b)` with the light turned.
    func diagonal(_ from: SpecColor, _ to: SpecColor, across frame: SVGShape) -> SVGPaint {
        gradient(from, to, (0, 0), (1, 1), across: frame)
    }

    /// Seed 004's top-to-bottom mask gradient with the light turned.
    func vertical(_ from: SpecColor, _ to: SpecColor, across frame: SVGShape) -> SVGPaint {
        gradient(from, to, (0.5, 0), (0.5, 1), across: frame)
    }
}
