import ReliefGeometry
import Testing

@testable import ReliefRaster

let canvas = PixelRect(width: 10, height: 10)

func flat(_ color: Color, _ rect: PixelRect = canvas) -> Layer {
    Layer.fill(
        RoundedRect(
            rect: Rect(
                x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width),
                height: Double(rect.height)), cornerRadius: 0), with: .solid(color), clip: rect)
}

@Test func sourceOverOnPremultipliedColours() {
    // 50% red over opaque blue: (0.5, 0, 0.5, 1) premultiplied, in sRGB-encoded values.
    var result = flat(Color(0, 0, 255))
    result.draw(flat(Color(255, 0, 0, alpha: 0.5)))
    let p = result.pixel(x: 5, y: 5)
    #expect(abs(p.x - 0.5) < 1e-6 && p.y == 0 && abs(p.z - 0.5) < 1e-6 && p.w == 1)
    #expect(Array(result.rgba8(canvas: canvas)[0..<4]) == [128, 0, 128, 255])
}

@Test func translucentOverTranslucentKeepsStraightColour() {
    var result = flat(Color(255, 255, 255, alpha: 0.5))
    result.draw(flat(Color(255, 255, 255, alpha: 0.5)))
    #expect(Array(result.rgba8(canvas: canvas)[0..<4]) == [255, 255, 255, 191])
}

@Test func compositingGrowsToTheUnionOfBounds() {
    let left = flat(.black, PixelRect(minX: 0, minY: 0, maxX: 4, maxY: 4))
    let right = flat(.white, PixelRect(minX: 6, minY: 6, maxX: 10, maxY: 10))
    var both = left
    both.draw(right)
    #expect(both.bounds == canvas)
    #expect(both.pixel(x: 1, y: 1).w == 1 && both.pixel(x: 5, y: 5).w == 0 && both.pixel(x: 8, y: 8).x == 1)
}

@Test func maskMultipliesByAlpha() {
    let mask = flat(Color(0, 0, 0, alpha: 0.25))
    let masked = flat(Color(255, 255, 255)).masked(by: mask)
    #expect(abs(masked.pixel(x: 3, y: 3).w - 0.25) < 1e-6)
    #expect(flat(.white).masked(by: .empty).bounds.isEmpty)
}

@Test func diagonalGradientIsAxialInRealSpace() {
    // From the top-left to the bottom-right corner of a 200 × 100 frame: colour is constant along
    // lines perpendicular to the diagonal, not along the other diagonal.
    let frame = PixelRect(width: 200, height: 100)
    let layer = Layer.fill(
        RoundedRect(rect: Rect(x: 0, y: 0, width: 200, height: 100), cornerRadius: 0),
        with: .linearGradient(start: Point(0, 0), end: Point(200, 100), from: .black, to: .white),
        clip: frame)
    // Along the axis direction (2, 1): t = ((x, y)·(200, 100)) / |(200, 100)|².
    func expected(_ x: Int, _ y: Int) -> Float {
        Float(((Double(x) + 0.5) * 200 + (Double(y) + 0.5) * 100) / 50_000)
    }
    for (x, y) in [(0, 0), (199, 99), (100, 50), (150, 10), (20, 90)] {
        #expect(abs(layer.pixel(x: x, y: y).x - min(max(expected(x, y), 0), 1)) < 1e-5)
    }
    // Perpendicular to the axis, (−1, 2): same colour.
    #expect(abs(layer.pixel(x: 100, y: 50).x - layer.pixel(x: 90, y: 70).x) < 1e-5)
}

@Test func verticalGradientRunsTopToBottomAndClamps() {
    let frame = PixelRect(width: 10, height: 100)
    let layer = Layer.fill(
        RoundedRect(rect: Rect(x: 0, y: 0, width: 10, height: 100), cornerRadius: 0),
        with: .linearGradient(start: Point(5, 20), end: Point(5, 80), from: .black, to: .clear),
        clip: frame)
    #expect(layer.pixel(x: 5, y: 5).w == 1)
    #expect(abs(layer.pixel(x: 5, y: 49).w - Float(1 - (49.5 - 20) / 60)) < 1e-5)
    #expect(layer.pixel(x: 5, y: 95).w == 0)
}
