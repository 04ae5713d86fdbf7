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
    init(spec: RenderSpec, glyphs: Glyphs, knob: SwitchView.KnobPosition, shaper: any TextShaper) throws {
        let style = spec.look.style.recipes(for: spec)
        let lighting = Lighting(spec: spec)
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
            size: Size(frameSize.width + 2 * spec.output.margin, frameSize.height + 2 * spec.output.margin),
            background: background,
            content: lighting.map(component.lit) ?? component,
            frame: Rect(
                x: spec.output.margin, y: spec.output.margin, width: frameSize.width,
                height: frameSize.height),
            outline: drawing.outline,
            outlineFrame: drawing.outlineFrame.map { $0.offsetBy(Point(spec.output.margin, spec.output.margin)) },
            parts: drawing.parts.offsetBy(Point(spec.output.margin, spec.output.margin)))
    }
}
