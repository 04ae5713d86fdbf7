import ReliefGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws icon outlines from the shapes an icon is designed in — arcs, rounded polygons, thick strokes,
/// mirrored halves — and records them as lines, quadratic and cubic Béziers.
///
/// Every shape is a closed contour wound clockwise on screen (y down), so shapes that touch or overlap
/// merge under the non-zero rule, and gaps come only from where the outlines run.
struct IconPathBuilder {
    private(set) var path = Path()
    /// Where the contour being drawn currently ends; `nil` when no contour is open.
    private var current: Point?

    // MARK: Segments

    mutating func move(to p: Point) {
        path.move(to: p)
        current = p
    }

    mutating func line(to p: Point) {
        path.line(to: p)
        current = p
    }

    mutating func quad(to p: Point, control c: Point) {
        path.quad(to: p, control: c)
        current = p
    }

    mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        path.cubic(to: p, control1: c1, control2: c2)
        current = p
    }

    mutating func close() {
        path.close()
        current = nil
    }

    /// Starts a contour at `p`, or continues the open one to `p` unless it already ends there.
    mutating func continueContour(to p: Point) {
        guard let current else { return move(to: p) }
        if hypot(current.x - p.x, current.y - p.y) > 1e-9 { line(to: p) }
    }

    /// Continues the open contour (or starts one) at the arc's first point, then follows a circular
    /// arc; a positive `sweep` turns clockwise on screen. Angles are in radians, 0 pointing right.
    ///
    /// Each piece spans at most a quarter turn and uses handles of `4/3 · tan(piece/4)` times the
    /// radius — 0.5523 for a full quarter — which keeps the curve within 0.03 % of the circle.
    mutating func arc(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        func point(_ angle: Double) -> Point { center + Point(cos(angle), sin(angle)) * radius }
        func tangent(_ angle: Double) -> Point { Point(-sin(angle), cos(angle)) * radius }

        continueContour(to: point(startAngle))
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4)
        for index in 0..<pieces {
            let from = startAngle + step * Double(index), to = from + step
            cubic(
                to: point(to),
                control1: point(from) + tangent(from) * handle,
                control2: point(to) - tangent(to) * handle)
        }
    }

    // MARK: Shapes

    /// The outline of `shape`: its straight sides and quarter-circle corners.
    mutating func roundedRect(_ shape: RoundedRect) {
        let rect = shape.rect, r = shape.cornerRadius
        let quarter = Double.pi / 2
        arc(center: Point(rect.maxX - r, rect.minY + r), radius: r, startAngle: -quarter, sweep: quarter)
        arc(center: Point(rect.maxX - r, rect.maxY - r), radius: r, startAngle: 0, sweep: quarter)
        arc(center: Point(rect.minX + r, rect.maxY - r), radius: r, startAngle: quarter, sweep: quarter)
        arc(center: Point(rect.minX + r, rect.minY + r), radius: r, startAngle: 2 * quarter, sweep: quarter)
        close()
    }

    /// A polygon through `corners` (listed clockwise on screen) with each corner softened by a
    /// quadratic curve about as round as a circle of `radius`: sharp corners get long, gentle curves and
    /// open corners short ones, the way a rounded pen tip would trace them.
    mutating func roundedPolygon(_ corners: [Point], radius: Double) {
        for (index, corner) in corners.enumerated() {
            let toPrevious = Self.unit(corners[(index + corners.count - 1) % corners.count] - corner)
            let toNext = Self.unit(corners[(index + 1) % corners.count] - corner)
            let halfAngle = abs(Self.signedAngle(from: toPrevious, to: toNext)) / 2
            let cut = radius / tan(halfAngle)
            let entry = corner + toPrevious * cut, exit = corner + toNext * cut
            if index == 0 { move(to: entry) } else { line(to: entry) }
            quad(to: exit, control: corner)
        }
        close()
    }

    /// The outline of a line `width` thick through `points`, with round ends and round outer bends,
    /// as a pen of that width would draw it.
    mutating func stroke(_ points: [Point], width: Double) {
        let halfWidth = width / 2
        outlineSide(of: points, halfWidth: halfWidth)
        outlineSide(of: points.reversed(), halfWidth: halfWidth)
        close()
    }

    /// The outline of a circular arc drawn clockwise (`sweep` > 0) with a pen `width` thick and round
    /// ends.
    mutating func strokeArc(center: Point, radius: Double, startAngle: Double, sweep: Double, width: Double) {
        let halfWidth = width / 2
        let endAngle = startAngle + sweep
        let end = center + Point(cos(endAngle), sin(endAngle)) * radius
        let start = center + Point(cos(startAngle), sin(startAngle)) * radius
        // Out along the outer edge, around the end cap, back along the inner edge, around the start cap.
        arc(center: center, radius: radius + halfWidth, startAngle: startAngle, sweep: sweep)
        arc(center: end, radius: halfWidth, startAngle: endAngle, sweep: .pi)
        arc(center: center, radius: radius - halfWidth, startAngle: endAngle, sweep: -sweep)
        arc(center: start, radius: halfWidth, startAngle: startAngle + .pi, sweep: .pi)
        close()
    }

    /// A left-right symmetric contour: `rightHalf`, an open path, runs clockwise from a point on the
    /// axis `x = axis` down the right side to another point on the axis; its mirror image closes it.
    mutating func mirroredContour(rightHalf: Path, axis: Double) {
        var walked: [(from: Point, element: Path.Element)] = []
        for element in rightHalf.elements {
            if let from = current { walked.append((from, element)) }
            add(element)
        }
        // The left half is the right half mirrored and walked backwards, so the contour stays clockwise.
        let mirror = { (p: Point) in Point(2 * axis - p.x, p.y) }
        for (from, element) in walked.reversed() {
            switch element {
            case .line: line(to: mirror(from))
            case .quad(let c, _): quad(to: mirror(from), control: mirror(c))
            case .cubic(let c1, let c2, _): cubic(to: mirror(from), control1: mirror(c2), control2: mirror(c1))
            case .move, .close: break
            }
        }
        close()
    }

    // MARK: Private

    /// One side of a thick polyline, walked from the first point to the last, then the round end cap.
    ///
    /// The side lies to the left of the direction of travel (which is clockwise on screen); at a bend
    /// toward that side the two edges meet at a point, away from it they are joined by an arc.
    private mutating func outlineSide(of points: [Point], halfWidth: Double) {
        let directions = zip(points, points.dropFirst()).map { Self.unit($1 - $0) }
        // The left of travel on a y-down screen is the direction turned a quarter anticlockwise.
        let normals = directions.map { Point($0.y, -$0.x) }
        for index in directions.indices {
            let normal = normals[index]
            if index == 0 {
                continueContour(to: points[0] + normal * halfWidth)
            } else {
                let bend = Self.cross(directions[index - 1], directions[index])
                let corner = points[index]
                if bend < 0 {
                    // Turning toward this side: the edges cross inside the stroke.
                    let previous = normals[index - 1]
                    line(
                        to: Self.intersection(
                            corner + previous * halfWidth, directions[index - 1],
                            corner + normal * halfWidth, directions[index]))
                } else {
                    arc(
                        center: corner, radius: halfWidth,
                        startAngle: Self.angle(normals[index - 1]),
                        sweep: Self.signedAngle(from: normals[index - 1], to: normal))
                }
            }
        }
        let last = points[points.count - 1]
        arc(center: last, radius: halfWidth, startAngle: Self.angle(normals[normals.count - 1]), sweep: .pi)
    }

    private mutating func add(_ element: Path.Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): line(to: p)
        case .quad(let c, let p): quad(to: p, control: c)
        case .cubic(let c1, let c2, let p): cubic(to: p, control1: c1, control2: c2)
        case .close: close()
        }
    }

    private static func unit(_ v: Point) -> Point { v * (1 / hypot(v.x, v.y)) }
    private static func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }
    private static func angle(_ v: Point) -> Double { atan2(v.y, v.x) }
    private static func signedAngle(from a: Point, to b: Point) -> Double {
        atan2(cross(a, b), a.x * b.x + a.y * b.y)
    }

    /// Where the line through `p` along `d` meets the line through `q` along `e`.
    private static func intersection(_ p: Point, _ d: Point, _ q: Point, _ e: Point) -> Point {
        let t = cross(q - p, e) / cross(d, e)
        return p + d * t
    }
}
