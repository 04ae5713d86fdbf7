import ReliefGeometry
import ReliefScene
import ReliefSpec
import Testing

@Suite struct IconArtworkTests {
    static let drawnIcons = RenderSpec.Icon.allCases.filter { $0 != .none }

    @Test(arguments: drawnIcons)
    func outlineStaysInsideTheUnitBox(_ icon: RenderSpec.Icon) throws {
        let bounds = try #require(IconArtwork.path(for: icon)?.controlBounds)
        let tolerance = 0.01
        #expect(bounds.minX >= -tolerance && bounds.minY >= -tolerance)
        #expect(bounds.maxX <= 1 + tolerance && bounds.maxY <= 1 + tolerance)
    }

    @Test(arguments: drawnIcons)
    func outlineIsRoughlyCentred(_ icon: RenderSpec.Icon) throws {
        let center = try #require(IconArtwork.path(for: icon)?.controlBounds).center
        #expect(abs(center.x - 0.5) <= 0.08 && abs(center.y - 0.5) <= 0.08, "\(icon) is centred at \(center)")
    }

    @Test(arguments: drawnIcons)
    func everyContourWindsClockwiseSoOverlapsMerge(_ icon: RenderSpec.Icon) throws {
        let path = try #require(IconArtwork.path(for: icon))
        for polygon in Self.polygons(flattening: path) {
            // The shoelace area is positive for a clockwise contour when y points down.
            let edges = zip(polygon, polygon.dropFirst() + [polygon[0]])
            let area = edges.reduce(0) { sum, edge in sum + edge.0.x * edge.1.y - edge.1.x * edge.0.y } / 2
            #expect(area > 0, "\(icon) has a contour wound anticlockwise")
        }
    }

    @Test func noIconHasNoArtwork() {
        #expect(IconArtwork.path(for: .none) == nil)
    }

    @Test func heartIsFilledAtItsCentre() throws {
        #expect(try Self.covers(.heart, Point(0.5, 0.5)))
    }

    @Test func starIsFilledAtItsCentre() throws {
        #expect(try Self.covers(.star, Point(0.5, 0.5)))
    }

    @Test func powerRingIsOpenInTheMiddle() throws {
        #expect(try !Self.covers(.power, Point(0.5, 0.56)))
        // The ring itself and the bar are ink.
        #expect(try Self.covers(.power, Point(0.5, 0.89)))
        #expect(try Self.covers(.power, Point(0.5, 0.3)))
    }

    @Test func pauseBarsLeaveAGapBetweenThem() throws {
        #expect(try !Self.covers(.pause, Point(0.5, 0.5)))
        #expect(try Self.covers(.pause, Point(0.32, 0.5)))
        #expect(try Self.covers(.pause, Point(0.68, 0.5)))
    }

    @Test func checkIsAStrokeWithEmptySpaceAboveItsBend() throws {
        #expect(try !Self.covers(.check, Point(0.4, 0.45)))
        #expect(try Self.covers(.check, Point(0.4, 0.74)))
    }

    @Test func frameFractionMatchesAnIconInTheSeedButton() {
        // A body-size symbol of about 20 points in an 80-point button.
        #expect(IconArtwork.frameFraction == 20.0 / 80.0)
    }

    // MARK: Coverage, measured independently of the rasterizer

    /// Whether `point` is inside the icon under the non-zero rule.
    static func covers(_ icon: RenderSpec.Icon, _ point: Point) throws -> Bool {
        let path = try #require(IconArtwork.path(for: icon))
        return windingNumber(of: polygons(flattening: path), around: point) != 0
    }

    /// Every contour as a closed polygon, curves cut into short straight pieces.
    static func polygons(flattening path: Path) -> [[Point]] {
        let pieces = 32
        var polygons: [[Point]] = []
        var polygon: [Point] = []
        var current = Point.zero
        func finish() {
            if polygon.count > 2 { polygons.append(polygon) }
            polygon = []
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                polygon = [p]
                current = p
            case .line(let p):
                polygon.append(p)
                current = p
            case .quad(let c, let p):
                for step in 1...pieces {
                    let t = Double(step) / Double(pieces), u = 1 - t
                    polygon.append(current * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                for step in 1...pieces {
                    let t = Double(step) / Double(pieces), u = 1 - t
                    let weights = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    polygon.append(current * weights.0 + c1 * weights.1 + c2 * weights.2 + p * weights.3)
                }
                current = p
            case .close:
                finish()
            }
        }
        finish()
        return polygons
    }

    /// The signed number of times the polygons' edges wind around `point`, counted by the edges that
    /// cross the horizontal ray running right from it.
    static func windingNumber(of polygons: [[Point]], around point: Point) -> Int {
        var winding = 0
        for polygon in polygons {
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) {
                let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                if a.y <= point.y, b.y > point.y, side > 0 { winding += 1 }
                if a.y > point.y, b.y <= point.y, side < 0 { winding -= 1 }
            }
        }
        return winding
    }
}
