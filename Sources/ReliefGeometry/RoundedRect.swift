/// A rectangle with rounded corners: the one shape behind circles, rounded rectangles and capsules
/// (SPEC §1), in points or, once scaled, pixels; y grows downwards.
///
/// The corner radius is clamped to half the smaller side here, and only here: the scene, the
/// rasterizer and the audit all take their outlines from this type.
public struct RoundedRect: Sendable, Hashable {
    public let rect: Rect
    /// The corner radius, from 0 to half the smaller side.
    public let cornerRadius: Double

    /// `rect` with corners of `cornerRadius`, clamped to 0 … half the smaller side.
    public init(rect: Rect, cornerRadius: Double) {
        self.rect = rect
        self.cornerRadius = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
    }

    /// Moved by `d`.
    public func offsetBy(_ d: Point) -> RoundedRect {
        RoundedRect(rect: rect.offsetBy(d), cornerRadius: cornerRadius)
    }

    /// Every length multiplied by `k` (points to pixels).
    public func scaled(by k: Double) -> RoundedRect {
        RoundedRect(rect: rect.scaled(by: k), cornerRadius: cornerRadius * k)
    }

    /// Shrunk by `d` on every side (grown when `d` is negative): the level set of
    /// ``signedDistance(_:_:)`` at −`d`, so the corner radius shrinks or grows with it (down to a
    /// sharp corner). `nil` when nothing is left.
    @inlinable
    public func insetBy(_ d: Double) -> RoundedRect? {
        let inner = rect.insetBy(d)
        guard inner.width > 0, inner.height > 0 else { return nil }
        return RoundedRect(rect: inner, cornerRadius: max(cornerRadius - d, 0))
    }

    /// The exact signed distance from (px, py) to the outline: negative inside, positive outside.
    @inlinable @inline(__always)
    public func signedDistance(_ px: Double, _ py: Double) -> Double {
        let hx = rect.width / 2, hy = rect.height / 2
        let qx = abs(px - rect.minX - hx) - hx + cornerRadius
        let qy = abs(py - rect.minY - hy) - hy + cornerRadius
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - cornerRadius
    }

    /// Whether `point` lies inside or on the outline.
    public func contains(_ point: Point) -> Bool {
        signedDistance(point.x, point.y) <= 0
    }

    /// The horizontal extent of the shape along the line at height `y`, or `nil` when it misses.
    @inlinable
    public func span(atY y: Double) -> (minX: Double, maxX: Double)? {
        guard y >= rect.minY, y <= rect.maxY else { return nil }
        let r = cornerRadius
        let intoCorner = max(rect.minY + r - y, y - (rect.maxY - r), 0)
        let inset = r - (max(r * r - intoCorner * intoCorner, 0)).squareRoot()
        return (rect.minX + inset, rect.maxX - inset)
    }

    /// The outline's length: four straight sides and four quarter circles.
    public var perimeter: Double {
        2 * (rect.width - 2 * cornerRadius) + 2 * (rect.height - 2 * cornerRadius) + 2 * Double.pi * cornerRadius
    }
}
