import Testing

@testable import ReliefMotion

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Seed 004's spring: response 0.5 s, damping 0.825")
struct SpringTests {
    let spring = Spring.seed004

    /// s(t) = e^(−ζωt)(cos ω_d t + (ζω/ω_d) sin ω_d t), evaluated by hand for ω = 4π, ζ = 0.825.
    @Test(arguments: [(0.1, 0.6063922802572987), (0.3, 0.03148922839907378), (0.5, -0.008401962879963375)])
    func remainingShareFollowsTheClosedForm(time: Double, share: Double) {
        #expect(abs(spring.remaining(at: time) - share) < 1e-12)
    }

    /// The same share from integrating s'' + 2ζω s' + ω² s = 0 from rest (s = 1, s' = 0) with RK4:
    /// the closed form is the oscillator SwiftUI's spring is.
    @Test func matchesTheOscillatorItSolves() {
        let omega = 4 * Double.pi, zeta = 0.825
        func acceleration(_ s: Double, _ v: Double) -> Double { -2 * zeta * omega * v - omega * omega * s }
        var (s, v, t) = (1.0, 0.0, 0.0)
        let h = 1e-5
        for checkpoint in [0.1, 0.3, 0.5] {
            while t < checkpoint - h / 2 {
                let k1 = (v, acceleration(s, v))
                let k2 = (v + h / 2 * k1.1, acceleration(s + h / 2 * k1.0, v + h / 2 * k1.1))
                let k3 = (v + h / 2 * k2.1, acceleration(s + h / 2 * k2.0, v + h / 2 * k2.1))
                let k4 = (v + h * k3.1, acceleration(s + h * k3.0, v + h * k3.1))
                s += h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0)
                v += h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
                t += h
            }
            #expect(abs(spring.remaining(at: checkpoint) - s) < 1e-9)
        }
    }

    @Test func startsAtRestAndOvershootsALittle() {
        #expect(spring.remaining(at: 0) == 1)
        let samples = (1...1000).map { spring.remaining(at: Double($0) / 1000) }
        #expect(samples.min()! < 0 && samples.min()! > -0.02)
    }

    /// 180 pixels (the default switch at scale 2) settle within half a pixel at 0.6189 s, and stay.
    @Test func settlesWithinTheTolerance() {
        let end = spring.settlingTime(distance: 180, tolerance: 0.5)
        #expect(abs(end - 0.61888) < 1e-4)
        #expect(abs(abs(spring.remaining(at: end)) * 180 - 0.5) < 1e-9)
        for step in 1...20000 {
            #expect(abs(spring.remaining(at: end + Double(step) * 1e-4)) * 180 <= 0.5 + 1e-12)
        }
        #expect(spring.settlingTime(distance: 90, tolerance: 0.5) < end)
        #expect(spring.settlingTime(distance: 0.4, tolerance: 0.5) == 0)
    }
}
