/// A vector outline made of straight and curved segments; filled with the non-zero winding rule.
///
/// Paths are plain values: the pixel back end flattens them, an SVG back end can print them.
public struct Path: Sendable, Hashable {
    /// One drawing command, in the path's own coordinates.
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(control: Point, to: Point)
        case cubic(control1: Point, control2: Point, to: Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public init(elements: [Element]) {
        self.elements = elements
    }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(control: c, to: p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.cubic(control1: c1, control2: c2, to: p))
    }
    public mutating func close() { elements.append(.close) }

    /// Appends every element of `other`.
    public mutating func append(_ other: Path) { elements += other.elements }

    /// The path with every point mapped through `transform`.
    public func applying(_ transform: (Point) -> Point) -> Path {
        Path(
            elements: elements.map { element in
                switch element {
                case .move(let p): .move(transform(p))
                case .line(let p): .line(transform(p))
                case .quad(let c, let p): .quad(control: transform(c), to: transform(p))
                case .cubic(let c1, let c2, let p): .cubic(control1: transform(c1), control2: transform(c2), to: transform(p))
                case .close: .close
                }
            })
    }

    /// The path scaled by `k` about the origin, then moved by `d`.
    public func scaled(by k: Double, translatedBy d: Point = .zero) -> Path {
        applying { Point($0.x * k + d.x, $0.y * k + d.y) }
    }

    /// The smallest rectangle holding every point of the path, control points included.
    public var controlBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return minX.isFinite ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }
}
