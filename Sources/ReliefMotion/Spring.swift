#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SwiftUI's `.spring(response:dampingFraction:)` from rest: an underdamped oscillator of period
/// `response` (undamped) whose share of the way still to go is
/// s(t) = e^(−ζωt)·(cos(ω_d t) + (ζω/ω_d)·sin(ω_d t)), with ω = 2π/response and ω_d = ω·√(1 − ζ²).
public struct Spring: Sendable, Hashable {
    /// The undamped period, in seconds.
    public let response: Double
    /// ζ: 0 oscillates for ever, 1 would be critically damped.
    public let dampingFraction: Double

    /// An underdamped spring: `dampingFraction` in 0..<1.
    public init(response: Double, dampingFraction: Double) {
        precondition(response > 0 && (0..<1).contains(dampingFraction), "an underdamped spring has 0 ≤ ζ < 1")
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// Seed 004's knob: `.spring(response: 0.5)`, with SwiftUI's default damping of 0.825.
    public static let seed004 = Spring(response: 0.5, dampingFraction: 0.825)

    /// ω, in radians per second.
    public var angularFrequency: Double { 2 * .pi / response }
    /// ω_d, the frequency it oscillates at.
    public var dampedFrequency: Double { angularFrequency * (1 - dampingFraction * dampingFraction).squareRoot() }
    /// ζω, how fast the oscillation dies away.
    public var decayRate: Double { dampingFraction * angularFrequency }

    /// s(t): 1 at the start, 0 on arrival, a little below 0 where it overshoots.
    public func remaining(at time: Double) -> Double {
        guard time > 0 else { return 1 }
        let (decay, frequency) = (decayRate, dampedFrequency)
        return exp(-decay * time) * (cos(frequency * time) + decay / frequency * sin(frequency * time))
    }

    /// The time from which a move of `distance` stays within `tolerance` of its end: the last t where
    /// |s(t)|·distance = tolerance, 0 when the whole move is within it.
    ///
    /// s has its extrema at t_k = kπ/ω_d, where |s| = e^(−ζω t_k), and falls monotonically from
    /// each one to the next zero. So the answer lies after the last extremum beyond the tolerance,
    /// before the zero that follows it, and bisection finds it there.
    public func settlingTime(distance: Double, tolerance: Double) -> Double {
        let share = tolerance / distance
        guard distance > 0, share < 1 else { return 0 }
        let (decay, frequency) = (decayRate, dampedFrequency)
        let halfPeriod = Double.pi / frequency
        // The last k with e^(−ζω·kπ/ω_d) > share.
        var k = (log(1 / share) / (decay * halfPeriod)).rounded(.down)
        if exp(-decay * k * halfPeriod) <= share { k -= 1 }
        var low = k * halfPeriod
        var high = (k * .pi + .pi / 2 + atan2(decay, frequency)) / frequency
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if abs(remaining(at: middle)) > share { low = middle } else { high = middle }
        }
        return high
    }
}
