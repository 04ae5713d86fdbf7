import ReliefGeometry
import ReliefSpec

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a query's `light`, `distance` and `blur` change recipes written, as the articles write them,
/// for light from the top-left at the style's own distance and blur.
///
/// The recipes stay as the articles have them; ``View/lit(by:)`` turns and scales the finished tree.
public struct Lighting: Sendable, Hashable {
    /// The linear map every offset and gradient axis goes through, (x, y) → (xx·x + xy·y, yx·x + yy·y)
    /// on screen (y points down): the turn Δ = light − 315° clockwise, except for the two lights that
    /// mirror the seeds' (topright left to right, bottomleft top to bottom), which mirror the recipe
    /// instead, so the picture is the default's mirror image. A turn by 90° or 270° says the same of a
    /// recipe symmetric about its diagonal (a button's), but would lay seed 004's vertical masks on
    /// their side.
    public let xx: Double
    public let xy: Double
    public let yx: Double
    public let yy: Double
    /// What every offset is multiplied by: distance over the style's own.
    public let distanceScale: Double
    /// What every shadow and blur radius is multiplied by: blur over the style's own.
    public let blurScale: Double

    /// The lighting `look` asks for, or `nil` when it is the recipes' own (the seeds' light at the
    /// style's own distance and blur), so the tree is drawn untouched.
    public init?(look: RenderSpec.Look) {
        let distanceScale = look.distance / look.style.ownDistance
        let blurScale = look.blur / look.style.ownBlur
        guard look.light != .seeds || distanceScale != 1 || blurScale != 1 else { return nil }
        // Exact at every eighth of a turn, so light=135 swaps the corners of a diagonal exactly and
        // light=0 runs a diagonal straight down the middle.
        let degrees = (look.light.degrees - RenderSpec.Light.seeds.degrees + 360) % 360
        let cosine: Double, sine: Double
        if degrees % 45 == 0 {
            let half = 0.5.squareRoot()
            let eighths: [(Double, Double)] = [
                (1, 0), (half, half), (0, 1), (-half, half),
                (-1, 0), (-half, -half), (0, -1), (half, -half),
            ]
            (cosine, sine) = eighths[degrees / 45]
        } else {
            let turn = Double(degrees) * .pi / 180
            (cosine, sine) = (cos(turn), sin(turn))
        }
        switch degrees {
        case 90: (xx, xy, yx, yy) = (-1, 0, 0, 1)
        case 270: (xx, xy, yx, yy) = (1, 0, 0, -1)
        default: (xx, xy, yx, yy) = (cosine, -sine, sine, cosine)
        }
        self.distanceScale = distanceScale
        self.blurScale = blurScale
    }

    /// The direction (x, y) through the light's map, unscaled.
    private func mapped(x: Double, y: Double) -> (x: Double, y: Double) {
        (xx * x + xy * y, yx * x + yy * y)
    }

    /// An offset of a recipe turned (or mirrored) with the light and scaled by the distance.
    public func offset(x: Double, y: Double) -> (x: Double, y: Double) {
        let moved = mapped(x: x, y: y)
        return (moved.x * distanceScale, moved.y * distanceScale)
    }

    /// A fill whose gradient axis is turned (or mirrored) with the light, in the frame's unit square: the
    /// axis's direction is mapped, then its ends put where that direction meets the square's boundary,
    /// centre ± v / max(|vx|, |vy|) · ½. So the diagonal from the top-left becomes one from the
    /// bottom-right for light=135, and the top edge's centre to the bottom edge's for light=0.
    public func fill(_ fill: Fill) -> Fill {
        guard case let .linearGradient(from, to, start, end) = fill else { return fill }
        let dx = end.x - start.x, dy = end.y - start.y
        let (vx, vy) = mapped(x: dx, y: dy)
        let half = 0.5 / max(abs(vx), abs(vy))
        return .linearGradient(
            from: from, to: to,
            start: UnitPoint(x: 0.5 - vx * half, y: 0.5 - vy * half),
            end: UnitPoint(x: 0.5 + vx * half, y: 0.5 + vy * half))
    }
}

extension View {
    /// This tree with `lighting` applied: every `.shadow` offset and every `.offset` turned and
    /// scaled by the distance, every shadow and `.blur` radius scaled by the blur, and every linear
    /// gradient axis (fills, strokes, masks) turned. Geometry, text, colours and where the layout put
    /// each part (`.layoutOffset`) stay.
    public func lit(by lighting: Lighting) -> View {
        switch self {
        case .empty, .text, .lines, .spacer:
            return self
        case let .fill(shape, fill):
            return .fill(shape, lighting.fill(fill))
        case let .stroke(shape, fill, lineWidth):
            return .stroke(shape, lighting.fill(fill), lineWidth: lineWidth)
        case let .artwork(path, size, fill):
            return .artwork(path, size: size, lighting.fill(fill))
        case let .zStack(children):
            return .zStack(children.map { $0.lit(by: lighting) })
        case let .hStack(children, spacing):
            return .hStack(children.map { $0.lit(by: lighting) }, spacing: spacing)
        case let .vStack(children, spacing):
            return .vStack(children.map { $0.lit(by: lighting) }, spacing: spacing)
        case let .frame(child, width, height):
            return .frame(child.lit(by: lighting), width: width, height: height)
        case let .padding(child, amount):
            return .padding(child.lit(by: lighting), amount)
        case let .overlay(base, overlay):
            return .overlay(base.lit(by: lighting), overlay.lit(by: lighting))
        case let .shadow(child, shadow):
            let moved = lighting.offset(x: shadow.x, y: shadow.y)
            return .shadow(
                child.lit(by: lighting),
                Shadow(color: shadow.color, radius: shadow.radius * lighting.blurScale, x: moved.x, y: moved.y))
        case let .blur(child, radius):
            return .blur(child.lit(by: lighting), radius: radius * lighting.blurScale)
        case let .offset(child, x, y):
            let moved = lighting.offset(x: x, y: y)
            return .offset(child.lit(by: lighting), x: moved.x, y: moved.y)
        case let .layoutOffset(child, x, y):
            return .layoutOffset(child.lit(by: lighting), x: x, y: y)
        case let .mask(content, mask):
            return .mask(content.lit(by: lighting), mask.lit(by: lighting))
        case let .opacity(child, amount):
            return .opacity(child.lit(by: lighting), amount)
        }
    }
}
