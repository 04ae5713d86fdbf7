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
