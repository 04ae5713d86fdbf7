/// An axis-aligned rectangle: origin at its top-left corner, y grows downwards.
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y)
        size = Size(width, height)
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

    /// Whether `point` lies within the rectangle, its top and left edges included.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle shrunk by `d` on every side (grown when `d` is negative).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }

    public func offsetBy(_ d: Point) -> Rect {
        Rect(x: minX + d.x, y: minY + d.y, width: width, height: height)
    }

    /// Every coordinate multiplied by `k` (points to pixels).
    public func scaled(by k: Double) -> Rect {
        Rect(x: minX * k, y: minY * k, width: width * k, height: height * k)
    }

    /// A rectangle of `size` centred in this one.
    public func centered(_ size: Size) -> Rect {
        Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The part both rectangles cover; empty (zero width or height) where they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let minX = max(self.minX, other.minX), minY = max(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: max(0, min(maxX, other.maxX) - minX), height: max(0, min(maxY, other.maxY) - minY))
    }

    /// The smallest rectangle holding both rectangles.
    public func union(_ other: Rect) -> Rect {
        let minX = min(self.minX, other.minX), minY = min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }
}
