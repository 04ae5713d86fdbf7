import ReliefGeometry
import ReliefSpec

extension Scene {
    /// Whether icons and text are drawn; leaving them out gives the bare recipe, which is what an
    /// independent renderer can reproduce exactly.
    public enum Glyphs: Sendable {
        case drawn, omitted
    }

    /// The scene a render request describes (SPEC §4): the component in its frame at (margin, margin)
    /// on a canvas of frame + 2·margin points, over the background, in the style's `contrast` variant
    /// and colours, lit as `light`, `distance` and `blur` say.
    ///
    /// The component's own unit draws it (``ComponentScene``). Text and icons are measured with
    /// `shaper` and may grow the frame (see ``LabelLayout`` and ``SwitchView``); they do so whether or
    /// not glyphs are drawn, so both renders of a spec share one frame.
    public init(spec: RenderSpec, glyphs: Glyphs = .drawn, shaper: any TextShaper) throws {
        try self.init(spec: spec, glyphs: glyphs, knob: .atRest, shaper: shaper)
    }

    /// The scene of `spec` with a switch's knob at `knob`, as a frame of its animation shows it.
    init(spec asked: RenderSpec, glyphs: Glyphs, knob: SwitchView.KnobPosition, shaper: any TextShaper) throws {
        let spec = try asked.withMargin(shaper: shaper)
        guard let margin = spec.output.margin else { preconditionFailure("a spec with its margin has one") }
        let style = spec.look.style.recipes(for: spec.look, face: spec.component.surface)
        let lighting = Lighting(look: spec.look)
        let background: Fill? =
            switch spec.output.background {
            case .style: lighting.map { $0.fill(style.background) } ?? style.background
            case .transparent: nil
            case .color(let r, let g, let b): .color(Color(Int(r), Int(g), Int(b)))
            }
        let drawing = try spec.component.scene.drawing(
            in: ComponentSceneContext(spec: spec, style: style, glyphs: glyphs, knob: knob, shaper: shaper))
        let component = drawing.view, frameSize = drawing.size
        self.init(
            size: Size(frameSize.width + 2 * margin, frameSize.height + 2 * margin),
            background: background,
            content: lighting.map(component.lit) ?? component,
            frame: Rect(x: margin, y: margin, width: frameSize.width, height: frameSize.height),
            outline: drawing.outline,
            outlineFrame: drawing.outlineFrame.map { $0.offsetBy(Point(margin, margin)) },
            parts: drawing.parts.offsetBy(Point(margin, margin)))
    }
}

extension Scene {
    /// The frame `spec`'s component is drawn in, its words measured but not drawn: what a screen's
    /// layout asks of a component before its scene is drawn at the size the layout gives it.
    static func frameSize(of spec: RenderSpec, shaper: any TextShaper) throws -> Size {
        let style = spec.look.style.recipes(for: spec.look, face: spec.component.surface)
        return try spec.component.scene.drawing(
            in: ComponentSceneContext(spec: spec, style: style, glyphs: .omitted, knob: .atRest, shaper: shaper)
        ).size
    }
}

extension RenderSpec {
    /// The spec with its margin: the query's, or as far as the component's shadows and blurs show
    /// past its frame in either of its states, as its scene draws them (``PlacedNode/visibleBounds``),
    /// in whole points, at least ``leastMargin`` and at most the margin's range. Both states, so that
    /// a still and the animation into it share their canvas.
    public func withMargin(shaper: any TextShaper) throws -> RenderSpec {
        guard output.margin == nil else { return self }
        var reach = 0.0
        for state in component.kind.changesState ? [self, otherState] : [self] {
            let style = state.look.style.recipes(for: state.look, face: state.component.surface)
            let drawing = try state.component.scene.drawing(
                in: ComponentSceneContext(spec: state, style: style, glyphs: .omitted, knob: .atRest, shaper: shaper))
            let view = Lighting(look: state.look).map(drawing.view.lit) ?? drawing.view
            reach = max(reach, try view.reach(pastFrameOf: drawing.size, shaper: shaper))
        }
        var resolved = self
        resolved.output.margin = min(max(leastMargin, reach), Limits.margin.upperBound)
        return resolved
    }
}
