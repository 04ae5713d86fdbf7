/// A timing curve: the cubic Bézier from (0, 0) to (1, 1) through the control points (x1, y1) and
/// (x2, y2), as CSS's `cubic-bezier()` and SwiftUI's timing curves define it. The x axis is the
/// share of the duration gone, the y axis the share of the way a value has moved.
public struct TimingCurve: Sendable, Hashable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// A curve with control points whose x lies in 0...1, so that x grows with the curve's parameter.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "a timing curve's control points lie in 0...1 on x")
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// SwiftUI's `easeInOut`.
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// How far a value has moved when `time` of the duration has gone: the curve's y where its x is
    /// `time`, clamped to 0...1 first. Exactly 0 and 1 at the ends.
    public func value(at time: Double) -> Double {
        let x = min(max(time, 0), 1)
        guard x > 0, x < 1 else { return x }
        return Self.bezier(parameter(whereXIs: x), y1, y2)
    }

    /// One coordinate of the curve at parameter `u`: 3(1−u)²u·c1 + 3(1−u)u²·c2 + u³.
    private static func bezier(_ u: Double, _ c1: Double, _ c2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * c1 + 3 * v * u * u * c2 + u * u * u
    }

    /// The derivative of ``bezier(_:_:_:)`` in `u`.
    private static func slope(_ u: Double, _ c1: Double, _ c2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * c1 + 6 * v * u * (c2 - c1) + 3 * u * u * (1 - c2)
    }

    /// The parameter u in 0...1 where x(u) = `x`: Newton's method from u = x, which converges in a
    /// few steps on these gentle curves, kept inside a shrinking bracket so it cannot wander off.
    private func parameter(whereXIs x: Double) -> Double {
        var (low, high) = (0.0, 1.0)
        var u = x
        for _ in 0..<64 {
            let error = Self.bezier(u, x1, x2) - x
            if abs(error) < 1e-14 { break }
            if error > 0 { high = u } else { low = u }
            let derivative = Self.slope(u, x1, x2)
            let step = derivative > 1e-9 ? u - error / derivative : .nan
            u = step > low && step < high ? step : (low + high) / 2
        }
        return u
    }
}
