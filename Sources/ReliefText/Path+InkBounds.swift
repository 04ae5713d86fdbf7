import ReliefGeometry

extension Path {
    /// The tight bounds of the outline: segment ends plus the extrema of every curve, so control
    /// points that pull a curve without reaching it do not widen the box. `nil` for an empty path.
    var inkBounds: Rect? {
        var box = BoundsAccumulator()
        var current = Point.zero
        var subpathStart = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                box.add(p)
                current = p
                subpathStart = p
            case .line(let p):
                box.add(p)
                current = p
            case .quad(let c, let p):
                box.add(p)
                for t in Self.quadExtrema(current.x, c.x, p.x) + Self.quadExtrema(current.y, c.y, p.y) {
                    let u = 1 - t
                    box.add(current * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                box.add(p)
                for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    box.add(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                current = p
            case .close:
                current = subpathStart
            }
        }
        return box.rect
    }

    /// Parameters in (0, 1) where a quadratic Bézier coordinate turns.
    private static func quadExtrema(_ p0: Double, _ c: Double, _ p1: Double) -> [Double] {
        let denominator = p0 - 2 * c + p1
        guard denominator != 0 else { return [] }
        let t = (p0 - c) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic Bézier coordinate turns: roots of its derivative.
    private static func cubicExtrema(_ p0: Double, _ c1: Double, _ c2: Double, _ p1: Double) -> [Double] {
        // The derivative divided by 3 is a·t² + b·t + c.
        let a = -p0 + 3 * c1 - 3 * c2 + p1
        let b = 2 * (p0 - 2 * c1 + c2)
        let c = c1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-b + root) / (2 * a))
                roots.append((-b - root) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

/// The running minimum and maximum of the points seen so far.
private struct BoundsAccumulator {
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ p: Point) {
        minX = min(minX, p.x); minY = min(minY, p.y)
        maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    var rect: Rect? {
        minX.isFinite ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }
}
