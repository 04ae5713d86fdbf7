import ReliefGeometry
import ReliefRaster
import Testing

@Test func subtractingAHoleLeavesFourRectanglesAroundIt() {
    let outer = PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 8)
    let parts = outer.subtracting(PixelRect(minX: 3, minY: 2, maxX: 6, maxY: 5))
    #expect(
        parts == [
            PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 2), PixelRect(minX: 0, minY: 2, maxX: 3, maxY: 5),
            PixelRect(minX: 6, minY: 2, maxX: 10, maxY: 5), PixelRect(minX: 0, minY: 5, maxX: 10, maxY: 8),
        ])
    #expect(parts.reduce(0) { $0 + $1.area } == outer.area - 9)
}

@Test func subtractingLeavesOutEmptySidesAndKeepsWhatTheHoleMisses() {
    let outer = PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 8)
    // A hole reaching past the left, top and bottom edges leaves only the right.
    #expect(
        outer.subtracting(PixelRect(minX: -5, minY: -1, maxX: 4, maxY: 20)) == [PixelRect(minX: 4, minY: 0, maxX: 10, maxY: 8)])
    #expect(outer.subtracting(PixelRect(minX: 20, minY: 0, maxX: 30, maxY: 8)) == [outer])
    #expect(outer.subtracting(outer).isEmpty)
    #expect(PixelRect.empty.subtracting(outer).isEmpty)
}

@Test(arguments: [0.0, 7.5, 30, 45])
func thePixelsCentredWithinARoundedRectangleLieInsideIt(radius: Double) {
    let outline = RoundedRect(rect: Rect(x: 10.3, y: 20.6, width: 90, height: 120.2), cornerRadius: radius)
    let inside = PixelRect(centresWithin: outline)
    #expect(!inside.isEmpty)
    for y in inside.minY..<inside.maxY {
        for x in inside.minX..<inside.maxX {
            #expect(outline.signedDistance(Double(x) + 0.5, Double(y) + 0.5) < 0)
        }
    }
    // With square corners, every pixel whose centre is inside.
    if radius == 0 { #expect(inside == PixelRect(minX: 10, minY: 21, maxX: 100, maxY: 141)) }
}
