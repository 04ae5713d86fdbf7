import ReliefGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A control's outline in image pixels, y growing down, where the audit reads the control's edge:
/// the scene's outline of the control (a circle is a square with half-side corners), scaled to pixels.
public struct ControlOutline: Sendable, Hashable {
    public let shape: RoundedRect

    public init(_ shape: RoundedRect) {
        self.shape = shape
    }

    /// `count` points spread evenly along the outline, clockwise from the top edge's left end, each
    /// with its outward unit normal.
    public func samples(count: Int) -> [(x: Double, y: Double, normalX: Double, normalY: Double)] {
        (0..<count).map { point(at: shape.perimeter * Double($0) / Double(count)) }
    }

    /// The point `distance` along the outline and its outward normal.
    private func point(at distance: Double) -> (x: Double, y: Double, normalX: Double, normalY: Double) {
        let r = shape.cornerRadius
        let (minX, minY, maxX, maxY) = (shape.rect.minX, shape.rect.minY, shape.rect.maxX, shape.rect.maxY)
        let straightX = shape.rect.width - 2 * r, straightY = shape.rect.height - 2 * r, arc = Double.pi / 2 * r
        // Four sides, each followed by the corner that ends it, clockwise from the top.
        let sides:
            [(
                length: Double, start: (Double, Double), direction: (Double, Double), normal: (Double, Double),
                corner: (Double, Double), startAngle: Double
            )] = [
                (straightX, (minX + r, minY), (1, 0), (0, -1), (maxX - r, minY + r), -Double.pi / 2),
                (straightY, (maxX, minY + r), (0, 1), (1, 0), (maxX - r, maxY - r), 0),
                (straightX, (maxX - r, maxY), (-1, 0), (0, 1), (minX + r, maxY - r), Double.pi / 2),
                (straightY, (minX, maxY - r), (0, -1), (-1, 0), (minX + r, minY + r), Double.pi),
            ]
        var rest = distance
        for side in sides {
            if rest <= side.length {
                return (
                    side.start.0 + side.direction.0 * rest, side.start.1 + side.direction.1 * rest,
                    side.normal.0, side.normal.1
                )
            }
            rest -= side.length
            if rest <= arc {
                let angle = side.startAngle + (r > 0 ? rest / r : 0)
                return (side.corner.0 + r * cos(angle), side.corner.1 + r * sin(angle), cos(angle), sin(angle))
            }
            rest -= arc
        }
        return (minX + r, minY, 0, -1)
    }

    /// Where (x, y) lies seen from the centre, in words: "centre" within a quarter of the way to
    /// the edge, else "top", "top-right", "right", …
    public func compassName(x: Double, y: Double) -> String {
        let center = shape.rect.center
        if abs(x - center.x) < shape.rect.width / 8, abs(y - center.y) < shape.rect.height / 8 { return "centre" }
        let angle = atan2(y - center.y, x - center.x) * 180 / Double.pi  // 0 = right, 90 = bottom
        let names = ["right", "bottom-right", "bottom", "bottom-left", "left", "top-left", "top", "top-right"]
        let sector = Int(((angle + 360 + 22.5).truncatingRemainder(dividingBy: 360)) / 45)
        return names[sector % 8]
    }
}
