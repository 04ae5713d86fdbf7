import ReliefGeometry
import Testing

@testable import ReliefRaster

/// A stack of a gradient ground, a translucent disc, a ring and a shadow, with its layers also drawn
/// one by one onto a single layer: reading the stack must give what flattening it gives.
private func sampleStack() -> (stack: LayerStack, layer: Layer, canvas: PixelRect) {
    let canvas = PixelRect(width: 90, height: 70)
    let ground = Paint.linearGradient(start: Point(0, 0), end: Point(90, 70), from: Color(20, 40, 60), to: Color(200, 180, 160))
    let disc = Layer.fill(
        RoundedRect(rect: Rect(x: 10.5, y: 8, width: 50, height: 50), cornerRadius: 25),
        with: .solid(Color(255, 0, 0, alpha: 0.6)), clip: canvas)
    let ring = Layer.stroke(
        RoundedRect(rect: Rect(x: 30, y: 20, width: 40, height: 30), cornerRadius: 8), lineWidth: 3,
        with: .linearGradient(start: Point(30, 20), end: Point(70, 50), from: .white, to: .black), clip: canvas)
    let shadow = disc.shadow(color: .black, sigma: 4, offset: Point(3, 2), clip: canvas)
    var stack = LayerStack(ground: ground, filling: canvas)
    var layer = Layer.fill(
        RoundedRect(rect: Rect(x: 0, y: 0, width: 90, height: 70), cornerRadius: 0), with: ground, clip: canvas)
    for top in [shadow, disc, ring] {
        stack.draw(top, clip: PixelRect(minX: 5, minY: 0, maxX: 90, maxY: 65))
        layer.draw(top, clip: PixelRect(minX: 5, minY: 0, maxX: 90, maxY: 65))
    }
    return (stack, layer, canvas)
}

@Test func stackBytesEqualTheFlattenedLayersBytes() {
    let (stack, layer, canvas) = sampleStack()
    #expect(stack.rgba8(canvas: canvas) == layer.rgba8(canvas: canvas))
    #expect(stack.flattened().rgba8(canvas: canvas) == layer.rgba8(canvas: canvas))
    // Bands: a canvas taller than one band and not a multiple of it.
    #expect(canvas.height > LayerStack.bandRows && canvas.height % LayerStack.bandRows != 0)
}

@Test func stackCastsTheShadowOfItsLayersDrawnInOrder() {
    var stack = LayerStack()
    let canvas = PixelRect(width: 60, height: 60)
    let first = Layer.fill(
        RoundedRect(rect: Rect(x: 5, y: 5, width: 30, height: 30), cornerRadius: 6),
        with: .solid(Color(0, 0, 255, alpha: 0.5)), clip: canvas)
    let second = Layer.stroke(
        RoundedRect(rect: Rect(x: 20, y: 20, width: 30, height: 30), cornerRadius: 15), lineWidth: 4,
        with: .linearGradient(start: Point(20, 20), end: Point(50, 50), from: .white, to: .clear), clip: canvas)
    stack.draw(first)
    stack.draw(second, clip: PixelRect(minX: 0, minY: 0, maxX: 45, maxY: 60))
    var flat = first
    flat.draw(second, clip: PixelRect(minX: 0, minY: 0, maxX: 45, maxY: 60))
    for (sigma, offset) in [(0.0, Point(2, 3)), (1.5, Point(-1.5, 2)), (12, Point(4, 4))] {
        let cast = stack.shadow(color: .black, sigma: sigma, offset: offset, clip: canvas)
        let expected = flat.shadow(color: .black, sigma: sigma, offset: offset, clip: canvas)
        var worst: Float = 0
        for y in 0..<60 { for x in 0..<60 { worst = max(worst, abs(cast.pixel(x: x, y: y).w - expected.pixel(x: x, y: y).w)) } }
        #expect(worst < 1e-5)
    }
}

@Test func emptyStackIsTransparent() {
    let canvas = PixelRect(width: 3, height: 20)
    #expect(LayerStack().rgba8(canvas: canvas) == [UInt8](repeating: 0, count: canvas.area * 4))
    #expect(LayerStack().shadow(color: .black, sigma: 2, offset: Point(1, 1), clip: canvas).bounds.isEmpty)
}

@Test(arguments: [
    // Inside 0...1 across every row, clamped at one end, clamped at both ends, and vertical.
    (Point(0, 0), Point(37, 23)), (Point(10, 5), Point(30, 15)), (Point(15, 10), Point(20, 12)), (Point(5, 0), Point(5, 23)),
])
func groundPaintMatchesAFilledRectangle(start: Point, end: Point) {
    // The ground is computed four columns at a time; a fill evaluates each pixel on its own.
    let canvas = PixelRect(width: 37, height: 23)
    let paint = Paint.linearGradient(start: start, end: end, from: Color(10, 200, 30, alpha: 0.8), to: Color(250, 20, 90))
    let fill = Layer.fill(RoundedRect(rect: Rect(x: 0, y: 0, width: 37, height: 23), cornerRadius: 0), with: paint, clip: canvas)
    #expect(LayerStack(ground: paint, filling: canvas).flattened().pixels == fill.pixels)
    #expect(LayerStack(ground: paint, filling: canvas).rgba8(canvas: canvas) == fill.rgba8(canvas: canvas))
}
