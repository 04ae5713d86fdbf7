import ReliefGeometry

extension PlacedNode {
    /// How far, in σ, a shadow or a blur shows beyond what makes it: past 3σ a shadow of full
    /// opacity adds less than half a level (Φ(−3) × 255 ≈ 0.34), so nothing visible is cut there.
    /// `/render`'s default margin holds a component's shadows by the same rule (SPEC §9).
    public static let visibleReachInSigmas = 3.0

    /// Where the node shows anything, in points: its shapes, and its shadows and blurs as far as
    /// they are visible (``visibleReachInSigmas``); nil when it draws nothing. A shadow is cast from
    /// what its content draws itself, as far as it is visible: a second shadow's share of the first
    /// shadow's faint edge shows nowhere.
    public var visibleBounds: Rect? { bounds(translation: .zero)?.visible }

    /// The bounds of what the node draws itself (`drawn`) and of all it shows (`visible`).
    private func bounds(translation: Point) -> (drawn: Rect, visible: Rect)? {
        func both(_ rect: Rect) -> (drawn: Rect, visible: Rect) {
            let moved = rect.offsetBy(translation)
            return (moved, moved)
        }
        let reach = { (sigma: Double) in Self.visibleReachInSigmas * sigma }
        switch self {
        case .fill(let shape, _, _):
            return both(shape.rect)
        case .stroke(let shape, _, let lineWidth, _):
            return both(shape.rect.insetBy(-lineWidth / 2))
        case .path(let path, _, _):
            return path.controlBounds.map(both)
        case .bitmap(let bitmap):
            return both(bitmap.frame)
        case .group(let children):
            return children.compactMap { $0.bounds(translation: translation) }.reduce(nil) { union, child in
                union.map { ($0.drawn.union(child.drawn), $0.visible.union(child.visible)) } ?? child
            }
        case .shadow(let child, let shadow):
            guard let content = child.bounds(translation: translation) else { return nil }
            let cast = content.drawn.offsetBy(Point(shadow.x, shadow.y)).insetBy(-reach(shadow.radius))
            return (content.drawn, content.visible.union(cast))
        case .blur(let child, let radius):
            guard let content = child.bounds(translation: translation) else { return nil }
            return (content.drawn, content.visible.insetBy(-reach(radius)))
        case .offset(let child, let delta):
            return child.bounds(translation: translation + delta)
        case .mask(let child, let mask):
            guard let content = child.bounds(translation: translation), let kept = mask.bounds(translation: translation)
            else { return nil }
            return (content.drawn.intersection(kept.visible), content.visible.intersection(kept.visible))
        case .opacity(let child, _):
            return child.bounds(translation: translation)
        }
    }
}

extension View {
    /// The points this view's shadows and blurs show past a frame of `size` on any side, laid out in
    /// it (``PlacedNode/visibleBounds``), rounded up to whole points; 0 when nothing shows past it.
    /// What a render's and a screen's default margin hold.
    public func reach(pastFrameOf size: Size, shaper: any TextShaper) throws -> Double {
        let frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard let shown = try placed(in: frame, shaper: shaper).visibleBounds else { return 0 }
        let overhang = max(-shown.minX, -shown.minY, shown.maxX - frame.maxX, shown.maxY - frame.maxY, 0)
        // A hair below whole numbers, so that 40.000000001 from rounding stays 40.
        return (overhang - 1e-9).rounded(.up)
    }
}
