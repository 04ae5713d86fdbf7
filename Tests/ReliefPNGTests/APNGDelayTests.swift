import ReliefPNG
import Testing

@Suite("APNG delays from seconds")
struct APNGDelayTests {
    typealias Delay = PNGEncoder.Delay

    @Test(arguments: [
        (1.0 / 30, 1, 30), (1.0 / 24, 1, 24), (2.0 / 30, 1, 15), (1.0 / 12.5, 2, 25), (1.0 / 29.97, 100, 2997),
        (1.0, 1, 1), (0.0, 0, 1), (0.25, 1, 4),
    ])
    func aFrameRateGivesItsExactFraction(seconds: Double, numerator: Int, denominator: Int) {
        #expect(Delay(seconds: seconds) == Delay(numerator: UInt16(numerator), denominator: UInt16(denominator)))
    }

    @Test func anyOtherTimeGetsTheNearestFractionThatFits() {
        let delay = Delay(seconds: 1 / 10.123456789)
        #expect(abs(Double(delay.numerator) / Double(delay.denominator) - 1 / 10.123456789) < 1e-8)
        #expect(Delay(seconds: 1e9) == Delay(numerator: .max, denominator: 1))
    }
}
