import ReliefGeometry

/// A rectangle of whole pixels: `minX..<maxX` × `minY..<maxY` in canvas pixel coordinates.
public struct PixelRect: Sendable, Hashable {
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = max(minX, maxX)
        self.maxY = max(minY, maxY)
    }

    /// The canvas of an image `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    /// The smallest pixel rectangle holding every point of `rect`.
    public init(enclosing rect: Rect) {
        self.init(
            minX: Int(rect.minX.rounded(.down)), minY: Int(rect.minY.rounded(.down)),
            maxX: Int(rect.maxX.rounded(.up)), maxY: Int(rect.maxY.rounded(.up)))
    }

    /// The pixels whose centres lie in the largest rectangle within `outline`, its corners on the
    /// arcs at 45°, kept a thousandth of a pixel inside: every one of them is inside `outline`.
    public init(centresWithin outline: RoundedRect) {
        let box = outline.rect.insetBy(outline.cornerRadius * (1 - 0.5.squareRoot()) + 1e-3)
        guard box.width > 0, box.height > 0 else {
            self = .empty
            return
        }
        self.init(
            minX: Int((box.minX - 0.5).rounded(.up)), minY: Int((box.minY - 0.5).rounded(.up)),
            maxX: Int((box.maxX - 0.5).rounded(.down)) + 1, maxY: Int((box.maxY - 0.5).rounded(.down)) + 1)
    }

    public static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    public var width: Int { maxX - minX }
    public var height: Int { maxY - minY }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(
            minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return r.isEmpty ? .empty : r
    }

    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The pixels of this rectangle outside `hole`, in up to four rectangles that do not overlap: the
    /// rows above the hole and below it, whole, and the columns left and right of it on its rows.
    public func subtracting(_ hole: PixelRect) -> [PixelRect] {
        let hole = intersection(hole)
        guard !hole.isEmpty else { return isEmpty ? [] : [self] }
        return [
            PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: hole.minY),
            PixelRect(minX: minX, minY: hole.minY, maxX: hole.minX, maxY: hole.maxY),
            PixelRect(minX: hole.maxX, minY: hole.minY, maxX: maxX, maxY: hole.maxY),
            PixelRect(minX: minX, minY: hole.maxY, maxX: maxX, maxY: maxY),
        ].filter { !$0.isEmpty }
    }

    /// Grown by `d` pixels on every side.
    public func outset(by d: Int) -> PixelRect {
        isEmpty ? self : PixelRect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d)
    }

    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        isEmpty ? self : PixelRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }
}
