import ReliefGeometry

/// What a shape is painted with: a colour or a linear gradient across the view's frame.
public enum Fill: Sendable, Hashable {
    case color(Color)
    /// From `from` at unit point `start` to `to` at unit point `end` of the frame (0...1 on each axis),
    /// colour constant along lines perpendicular to the axis in real space.
    case linearGradient(from: Color, to: Color, start: UnitPoint, end: UnitPoint)

    /// `LinearGradient(a, b)` of the articles: top-left corner to bottom-right corner.
    public static func diagonal(_ from: Color, _ to: Color) -> Fill {
        .linearGradient(from: from, to: to, start: .topLeading, end: .bottomTrailing)
    }

    /// A gradient from the top edge to the bottom edge (seed 004's masks).
    public static func vertical(_ from: Color, _ to: Color) -> Fill {
        .linearGradient(from: from, to: to, start: .top, end: .bottom)
    }

    /// The colour at `point` when painted over `frame`: a gradient's share of the way along its axis,
    /// clamped beyond its ends, as the rasterizer paints it.
    public func color(at point: Point, in frame: Rect) -> Color {
        switch self {
        case .color(let color):
            return color
        case .linearGradient(let from, let to, let start, let end):
            let (a, b) = (start.resolved(in: frame), end.resolved(in: frame))
            let axis = b - a, lengthSquared = axis.x * axis.x + axis.y * axis.y
            guard lengthSquared > 0 else { return from }
            let along = ((point.x - a.x) * axis.x + (point.y - a.y) * axis.y) / lengthSquared
            return from.interpolated(to: to, by: min(max(along, 0), 1))
        }
    }
}

/// A point in a frame's unit square: (0, 0) top-left, (1, 1) bottom-right.
public struct UnitPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The point this unit point names in `frame`.
    public func resolved(in frame: Rect) -> Point {
        Point(frame.minX + x * frame.width, frame.minY + y * frame.height)
    }
}
