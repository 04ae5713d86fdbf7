import ReliefGeometry
import Testing

@testable import ReliefText

@Suite("Tight bounds of paths")
struct InkBoundsTests {
    @Test func quadBoundsStopAtTheCurveNotItsControlPoint() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.quad(to: Point(10, 0), control: Point(5, -10))
        let bounds = try #require(path.inkBounds)
        #expect(bounds == Rect(x: 0, y: -5, width: 10, height: 5))
        #expect(path.controlBounds?.minY == -10)
    }

    @Test func cubicBoundsIncludeBothExtrema() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(10, 0), control1: Point(0, -8), control2: Point(10, 8))
        let bounds = try #require(path.inkBounds)
        // x(t) stays in 0...10; y(t) = 24t(1-t)(2t-1) peaks at ±√3 / 1.5 ≈ ±2.309.
        let peak = 4 * 3.0.squareRoot() / 3
        #expect(abs(bounds.minY + peak) < 1e-9)
        #expect(abs(bounds.maxY - peak) < 1e-9)
        #expect(bounds.minX == 0 && bounds.maxX == 10)
    }

    @Test func curvesAfterCloseStartFromTheSubpathStart() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(4, 0))
        path.close()
        path.quad(to: Point(0, 10), control: Point(-10, 5))
        let bounds = try #require(path.inkBounds)
        #expect(bounds.minX == -5)
    }

    @Test func emptyPathHasNoBounds() {
        #expect(Path().inkBounds == nil)
    }
}
