import Testing

@testable import ReliefMotion

@Suite("easeInOut: the cubic Bézier (0.42, 0, 0.58, 1)")
struct TimingCurveTests {
    let ease = TimingCurve.easeInOut

    /// x and y of the Bézier at parameter u, written out independently of the type.
    static func point(_ u: Double) -> (x: Double, y: Double) {
        let v = 1 - u
        return (3 * v * v * u * 0.42 + 3 * v * u * u * 0.58 + u * u * u, 3 * v * u * u + u * u * u)
    }

    @Test func isHalfWayAtHalfTime() {
        #expect(abs(ease.value(at: 0.5) - 0.5) < 1e-12)
    }

    @Test func endsExactlyAndClampsOutside() {
        #expect(ease.value(at: 0) == 0)
        #expect(ease.value(at: 1) == 1)
        #expect(ease.value(at: -0.3) == 0)
        #expect(ease.value(at: 1.7) == 1)
    }

    @Test(arguments: [0.01, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.93, 0.999])
    func solvesXThenReadsY(u: Double) {
        let (x, y) = Self.point(u)
        #expect(abs(ease.value(at: x) - y) < 1e-10)
    }

    @Test func isSymmetricAndRising() {
        var previous = 0.0
        for step in 1...200 {
            let x = Double(step) / 200
            let value = ease.value(at: x)
            #expect(abs(value + ease.value(at: 1 - x) - 1) < 1e-10)
            #expect(value >= previous)
            previous = value
        }
        // Slow at both ends: a quarter of the time moves the value about an eighth.
        #expect(abs(ease.value(at: 0.25) - 0.12916) < 1e-4)
    }
}
