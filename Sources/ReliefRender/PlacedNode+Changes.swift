import ReliefGeometry
import ReliefRaster
import ReliefScene

extension PlacedNode {
    /// The pixels that drawing this node at `scale` pixels per point, moved by `translation`
    /// points, can touch: its shapes with a pixel of anti-aliasing around them, grown by the reach
    /// of its blurs and shadows, as the pixel back end draws them.
    func pixelExtent(scale: Double, translation: Point = .zero) -> PixelRect {
        func enclosing(_ rect: Rect) -> PixelRect {
            PixelRect(enclosing: rect.offsetBy(translation).scaled(by: scale)).outset(by: 1)
        }
        switch self {
        case .fill(let shape, _, _):
            return enclosing(shape.rect)
        case .stroke(let shape, _, let lineWidth, _):
            return enclosing(shape.rect.insetBy(-lineWidth / 2))
        case .path(let path, _, _):
            return path.controlBounds.map(enclosing) ?? .empty
        case .bitmap(let bitmap):
            return enclosing(bitmap.frame)
        case .group(let children):
            return children.reduce(.empty) { $0.union($1.pixelExtent(scale: scale, translation: translation)) }
        case .shadow(let child, let shadow):
            return Self.cast(child.pixelExtent(scale: scale, translation: translation), shadow, scale: scale)
        case .blur(let child, let radius):
            return Layer.blurSource(for: child.pixelExtent(scale: scale, translation: translation), sigma: radius * scale)
        case .offset(let child, let delta):
            return child.pixelExtent(scale: scale, translation: translation + delta)
        case .mask(let child, let mask):
            return child.pixelExtent(scale: scale, translation: translation)
                .intersection(mask.pixelExtent(scale: scale, translation: translation))
        case .opacity(let child, _):
            return child.pixelExtent(scale: scale, translation: translation)
        }
    }

    /// The pixels where drawing `other` in place of this node can give another picture: nothing
    /// where the two are equal; where they share their structure, what changed inside, carried
    /// through the shadows, blurs and offsets around it; elsewhere all either can touch.
    func pixelsChanged(to other: PlacedNode, scale: Double, translation: Point = .zero) -> PixelRect {
        if self == other { return .empty }
        func changed(_ mine: PlacedNode, _ theirs: PlacedNode, _ translation: Point = translation) -> PixelRect {
            mine.pixelsChanged(to: theirs, scale: scale, translation: translation)
        }
        switch (self, other) {
        case let (.group(children), .group(otherChildren)) where children.count == otherChildren.count:
            return zip(children, otherChildren).reduce(.empty) { $0.union(changed($1.0, $1.1)) }
        case let (.shadow(child, shadow), .shadow(otherChild, otherShadow)) where shadow == otherShadow:
            return Self.cast(changed(child, otherChild), shadow, scale: scale)
        case let (.blur(child, radius), .blur(otherChild, otherRadius)) where radius == otherRadius:
            return Layer.blurSource(for: changed(child, otherChild), sigma: radius * scale)
        case let (.offset(child, delta), .offset(otherChild, otherDelta)) where delta == otherDelta:
            return changed(child, otherChild, translation + delta)
        case let (.mask(child, mask), .mask(otherChild, otherMask)):
            return changed(child, otherChild).union(changed(mask, otherMask))
        case let (.opacity(child, amount), .opacity(otherChild, otherAmount)) where amount == otherAmount:
            return changed(child, otherChild)
        default:
            return pixelExtent(scale: scale, translation: translation)
                .union(other.pixelExtent(scale: scale, translation: translation))
        }
    }

    /// `extent` and the shadow it casts: moved by the offset (a pixel more for a sub-pixel move)
    /// and grown by the blur's reach.
    private static func cast(_ extent: PixelRect, _ shadow: Shadow, scale: Double) -> PixelRect {
        let dx = shadow.x * scale, dy = shadow.y * scale
        let landed = extent.offsetBy(dx: Int(dx.rounded(.down)), dy: Int(dy.rounded(.down))).outset(by: 1)
        return extent.union(Layer.blurSource(for: landed, sigma: shadow.radius * scale))
    }
}
