import ReliefGeometry

/// A rounded rectangle in canvas pixels — the one primitive behind circles, rounded rectangles and
/// capsules — measured by its exact signed distance for anti-aliased coverage.
public struct Outline: Sendable, Hashable {
    public var rect: Rect
    /// Corner radius, already clamped to half the smaller side.
    public let cornerRadius: Double

    public init(rect: Rect, cornerRadius: Double) {
        self.rect = rect
        self.cornerRadius = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
    }

    /// Signed distance from (px, py) to the outline: negative inside, positive outside.
    @inline(__always)
    func signedDistance(_ px: Double, _ py: Double) -> Double {
        let hx = rect.width / 2, hy = rect.height / 2
        let qx = abs(px - rect.minX - hx) - hx + cornerRadius
        let qy = abs(py - rect.minY - hy) - hy + cornerRadius
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - cornerRadius
    }
}

extension Outline {
    /// The outline grown by `d` pixels on every side (shrunk when `d` is negative): the level set of
    /// the signed distance at `d`, so the corner radius grows or shrinks with it.
    func outset(by d: Double) -> Outline? {
        let grown = rect.insetBy(-d)
        guard grown.width > 0, grown.height > 0 else { return nil }
        return Outline(rect: grown, cornerRadius: max(cornerRadius + d, 0))
    }

    /// The horizontal extent of the shape along the line at height `y`, or nil when it misses.
    func span(atY y: Double) -> (minX: Double, maxX: Double)? {
        guard y >= rect.minY, y <= rect.maxY else { return nil }
        let r = cornerRadius
        let intoCorner = max(rect.minY + r - y, y - (rect.maxY - r), 0)
        let inset = r - (max(r * r - intoCorner * intoCorner, 0)).squareRoot()
        return (rect.minX + inset, rect.maxX - inset)
    }
}
