import Foundation
import ReliefGeometry
import Testing

@testable import ReliefRaster

/// Total alpha of a layer: the area it covers, in pixels.
func coveredArea(_ layer: Layer) -> Double {
    layer.pixels.reduce(0) { $0 + Double($1.w) }
}

let roomy = PixelRect(width: 400, height: 400)

@Test(arguments: [5.3, 10, 37.5, 120])
func circleCoverageMatchesItsArea(radius: Double) {
    let rect = Rect(x: 200 - radius + 0.3, y: 200 - radius + 0.7, width: 2 * radius, height: 2 * radius)
    let layer = Layer.fill(RoundedRect(rect: rect, cornerRadius: radius), with: .solid(.black), clip: roomy)
    let exact = Double.pi * radius * radius
    #expect(abs(coveredArea(layer) - exact) / exact < 0.005)
}

@Test func roundedRectangleCoverageMatchesItsArea() {
    let (w, h, r) = (170.0, 60.0, 18.0)
    let layer = Layer.fill(
        RoundedRect(rect: Rect(x: 20.25, y: 30.5, width: w, height: h), cornerRadius: r),
        with: .solid(.black), clip: roomy)
    let exact = w * h - (4 - Double.pi) * r * r
    #expect(abs(coveredArea(layer) - exact) / exact < 0.005)
}

@Test func cornerRadiusIsClampedToHalfTheSmallerSide() {
    let outline = RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 500)
    #expect(outline.cornerRadius == 20)
}

@Test func strokeIsCentredOnTheOutline() {
    // A ring of width w around a circle of radius r covers π((r + w/2)² − (r − w/2)²) = 2πrw.
    let (r, w) = (50.0, 4.0)
    let layer = Layer.stroke(
        RoundedRect(rect: Rect(x: 100, y: 100, width: 2 * r, height: 2 * r), cornerRadius: r),
        lineWidth: w, with: .solid(.black), clip: roomy)
    let exact = 2 * Double.pi * r * w
    #expect(abs(coveredArea(layer) - exact) / exact < 0.005)
    // Half inside, half outside: the outline itself is fully covered, w/2 + 1 px away is not.
    #expect(layer.pixel(x: 150, y: 100).w == 1)
    #expect(layer.pixel(x: 150, y: 96).w == 0)
    #expect(layer.pixel(x: 150, y: 103).w == 0)
}

@Test func hairlineStrokeCoversItsWidth() {
    let layer = Layer.stroke(
        RoundedRect(rect: Rect(x: 10, y: 10, width: 100, height: 100), cornerRadius: 0),
        lineWidth: 0.5, with: .solid(.black), clip: roomy)
    // A straight edge 0.5 px wide covers half of each pixel it crosses (the pixel centred on it).
    #expect(abs(layer.pixel(x: 60, y: 9).w + layer.pixel(x: 60, y: 10).w - 0.5) < 1e-6)
}

@Test func edgesHaveAOnePixelRamp() {
    let layer = Layer.fill(
        RoundedRect(rect: Rect(x: 10.25, y: 0, width: 50, height: 50), cornerRadius: 0),
        with: .solid(.black), clip: roomy)
    #expect(layer.pixel(x: 9, y: 25).w == 0)
    #expect(abs(layer.pixel(x: 10, y: 25).w - 0.75) < 1e-6)
    #expect(layer.pixel(x: 11, y: 25).w == 1)
}

@Test func pathFillMatchesPolygonArea() {
    var path = Path()
    path.move(to: Point(20.5, 10.25))
    path.line(to: Point(180.3, 40.7))
    path.line(to: Point(90.1, 170.9))
    path.close()
    // Shoelace area.
    let (ax, ay, bx, by): (Double, Double, Double, Double) = (180.3 - 20.5, 40.7 - 10.25, 90.1 - 20.5, 170.9 - 10.25)
    let area = abs(ax * by - bx * ay) / 2
    let layer = Layer.fill(path, with: .solid(.black), clip: roomy)
    #expect(abs(coveredArea(layer) - area) / area < 0.001)
}

@Test func pathFillUsesTheNonZeroRule() {
    func square(_ x: Double, _ y: Double, _ s: Double, clockwise: Bool) -> Path {
        var p = Path()
        let corners = [Point(x, y), Point(x + s, y), Point(x + s, y + s), Point(x, y + s)]
        let ordered = clockwise ? corners : corners.reversed()
        p.move(to: ordered[0])
        for c in ordered.dropFirst() { p.line(to: c) }
        p.close()
        return p
    }
    var sameDirection = square(10, 10, 100, clockwise: true)
    sameDirection.append(square(40, 40, 40, clockwise: true))
    var hole = square(10, 10, 100, clockwise: true)
    hole.append(square(40, 40, 40, clockwise: false))
    #expect(Layer.fill(sameDirection, with: .solid(.black), clip: roomy).pixel(x: 60, y: 60).w == 1)
    #expect(Layer.fill(hole, with: .solid(.black), clip: roomy).pixel(x: 60, y: 60).w == 0)
    #expect(Layer.fill(hole, with: .solid(.black), clip: roomy).pixel(x: 20, y: 20).w == 1)
}

@Test func curvedPathFollowsTheCircle() {
    // A circle of four cubic quarter arcs (k = 0.5523) covers πr² within the arcs' own 0.03% error.
    let (c, r, k) = (Point(150, 150), 80.0, 0.5523 * 80.0)
    var p = Path()
    p.move(to: Point(c.x + r, c.y))
    p.cubic(to: Point(c.x, c.y + r), control1: Point(c.x + r, c.y + k), control2: Point(c.x + k, c.y + r))
    p.cubic(to: Point(c.x - r, c.y), control1: Point(c.x - k, c.y + r), control2: Point(c.x - r, c.y + k))
    p.cubic(to: Point(c.x, c.y - r), control1: Point(c.x - r, c.y - k), control2: Point(c.x - k, c.y - r))
    p.cubic(to: Point(c.x + r, c.y), control1: Point(c.x + k, c.y - r), control2: Point(c.x + r, c.y - k))
    p.close()
    let exact = Double.pi * r * r
    #expect(abs(coveredArea(Layer.fill(p, with: .solid(.black), clip: roomy)) - exact) / exact < 0.002)
}

@Test func drawingIsClipped() {
    let layer = Layer.fill(
        RoundedRect(rect: Rect(x: -50, y: -50, width: 500, height: 500), cornerRadius: 0),
        with: .solid(.black), clip: PixelRect(width: 30, height: 20))
    #expect(layer.bounds == PixelRect(width: 30, height: 20))
}

@Test func aClipEndingBeforeTheSolidPartLeavesTheEdgePixelsEvaluated() {
    // Only the left edge column is asked for: it is three quarters covered, not solid.
    let outline = RoundedRect(rect: Rect(x: 10.25, y: 0, width: 50, height: 50), cornerRadius: 0)
    let edge = PixelRect(minX: 10, minY: 0, maxX: 11, maxY: 50)
    #expect(abs(Layer.fill(outline, with: .solid(.black), clip: edge).pixel(x: 10, y: 25).w - 0.75) < 1e-6)
    let gradient = Paint.linearGradient(start: Point(0, 0), end: Point(60, 0), from: .black, to: .white)
    #expect(abs(Layer.fill(outline, with: gradient, clip: edge).pixel(x: 10, y: 25).w - 0.75) < 1e-6)
}

/// Outlines, line widths and clips for ``strokePartsAreTheStrokeWithoutItsEmptyMiddle``: a circle,
/// a card, square corners, a hairline, a ring too thick to leave a middle, and clips through the middle.
private let strokeCases: [(RoundedRect, Double, PixelRect)] = [
    (RoundedRect(rect: Rect(x: 100.3, y: 90.6, width: 120, height: 120), cornerRadius: 60), 4, roomy),
    (RoundedRect(rect: Rect(x: 40, y: 40, width: 300, height: 300), cornerRadius: 50), 8, roomy),
    (RoundedRect(rect: Rect(x: 20.5, y: 30.5, width: 200, height: 90), cornerRadius: 0), 3, roomy),
    (RoundedRect(rect: Rect(x: 20.25, y: 30.75, width: 200, height: 90), cornerRadius: 20), 0.5, roomy),
    (RoundedRect(rect: Rect(x: 50, y: 50, width: 30, height: 30), cornerRadius: 10), 24, roomy),
    (
        RoundedRect(rect: Rect(x: 40, y: 40, width: 300, height: 300), cornerRadius: 50), 8,
        PixelRect(minX: 0, minY: 150, maxX: 400, maxY: 181)
    ),
    (
        RoundedRect(rect: Rect(x: 40, y: 40, width: 300, height: 300), cornerRadius: 50), 8,
        PixelRect(minX: 120, minY: 30, maxX: 200, maxY: 400)
    ),
]

@Test(arguments: strokeCases.indices)
func strokePartsAreTheStrokeWithoutItsEmptyMiddle(index: Int) {
    let (outline, width, clip) = strokeCases[index]
    let gradient = Paint.linearGradient(start: Point(0, 0), end: Point(400, 400), from: .black, to: .white)
    for paint in [Paint.solid(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8)), gradient] {
        let whole = Layer.stroke(outline, lineWidth: width, with: paint, clip: clip)
        let parts = Layer.strokeParts(outline, lineWidth: width, with: paint, clip: clip)
        var covered = 0
        for y in whole.bounds.minY..<whole.bounds.maxY {
            for x in whole.bounds.minX..<whole.bounds.maxX {
                let holders = parts.filter {
                    $0.bounds.intersection(PixelRect(minX: x, minY: y, maxX: x + 1, maxY: y + 1)) != .empty
                }
                #expect(holders.count <= 1)
                if let part = holders.first {
                    covered += 1
                    #expect(part.pixel(x: x, y: y) == whole.pixel(x: x, y: y))
                } else {
                    #expect(whole.pixel(x: x, y: y) == .zero)
                }
            }
        }
        // Every part lies within the stroke's pixels, and a ring around a middle leaves it out: a
        // circle's least, the square within it, half its box.
        #expect(parts.allSatisfy { $0.bounds.intersection(whole.bounds) == $0.bounds })
        #expect(covered == parts.reduce(0) { $0 + $1.bounds.area })
        if index != 4 { #expect(covered < whole.bounds.area * 2 / 3) }
    }
}
