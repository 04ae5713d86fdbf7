import ReliefGeometry
import ReliefMotion
import ReliefSpec

/// A component's drawing: the view it builds in a style, and how it moves. Each component's payload
/// conforms in its own folder (`Components/Button/ButtonScene.swift`), so ``Scene/init(spec:glyphs:shaper:)``
/// and ``SceneTransition`` ask the unit rather than switching over components.
protocol ComponentScene: RenderSpec.ComponentOptions {
    /// The component drawn in `context`'s style, with the frame and outline its text gave it.
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing

    /// The timeline of the change into its state when its frame is `frameWidth` points wide, at `scale`
    /// pixels per point; a quarter-second ease (``Timeline/stateChange``) by default.
    func timeline(frameWidth: Double, scale: Double) -> Timeline

    /// Where its knob stands at `sample` of its timeline, when a part of it travels rather than only
    /// fades between the states (a switch's knob); `nil` by default, and the two ends are interpolated.
    func knob(at sample: Timeline.Sample) -> SwitchView.KnobPosition?

    /// The component as it stands at `sample` of its timeline, when it is drawn anew at each frame
    /// (a value between its two ends) rather than interpolated; `nil` by default.
    func standing(at sample: Timeline.Sample) -> RenderSpec.Component?
}

extension ComponentScene {
    func timeline(frameWidth: Double, scale: Double) -> Timeline { .stateChange }
    func knob(at sample: Timeline.Sample) -> SwitchView.KnobPosition? { nil }
    func standing(at sample: Timeline.Sample) -> RenderSpec.Component? { nil }
}

/// What a component's drawing reads besides its own payload.
struct ComponentSceneContext {
    var spec: RenderSpec
    /// The style's recipes as the spec asks for them.
    var style: any NeumorphicStyle
    var glyphs: Scene.Glyphs
    /// Where a switch's knob stands; at rest but in an animation's frames.
    var knob: SwitchView.KnobPosition
    var shaper: any TextShaper
}

/// A component drawn: its view, the frame it takes (its query's, unless text grew it) and its outline.
struct ComponentDrawing {
    var view: View
    var size: Size
    var outline: SceneShape
    /// Where the outline lies in the frame, when it is not the whole frame (a slider's knob).
    var outlineFrame: Rect? = nil
    /// The parts the audit measures one by one, in the frame.
    var parts: SceneParts = .whole

    /// The view `draw` makes of the spec's own outline, in the spec's own frame, which no text grows.
    init(framing spec: RenderSpec, _ draw: (SceneShape) throws -> View) rethrows {
        let outline = LabelLayout.outline(spec.component.shape, radius: spec.component.frame.radius)
        self.init(view: try draw(outline), size: Size(spec.component.frame.width, spec.component.frame.height), outline: outline)
    }

    init(view: View, size: Size, outline: SceneShape, outlineFrame: Rect? = nil, parts: SceneParts = .whole) {
        self.view = view
        self.size = size
        self.outline = outline
        self.outlineFrame = outlineFrame
        self.parts = parts
    }
}

extension RenderSpec.Component {
    /// The component's scene unit.
    var scene: any ComponentScene {
        unit((any ComponentScene).self, in: "ReliefScene")
    }
}

extension RenderSpec.Face {
    /// A button's or toggle's face in `context`, grown to hold its label and icon, pressed in when `isActive`.
    func drawing(isActive: Bool, in context: ComponentSceneContext) throws -> ComponentDrawing {
        let color = context.style.foreground(isActive: isActive)
        let layout = try LabelLayout(face: self, look: context.spec.look, color: color, shaper: context.shaper)
        let size = layout?.size ?? Size(frame.width, frame.height)
        let shape = layout?.shape ?? LabelLayout.outline(self.shape, radius: frame.radius)
        let surface = context.style.surface(shape, isActive: isActive)
        let view =
            context.glyphs == .omitted ? surface : layout.map { .zStack([surface, $0.view(color: color)]) } ?? surface
        return ComponentDrawing(view: view, size: size, outline: shape)
    }
}

extension RenderSpec.Look {
    /// The size of words a component draws of its own (a checkbox's label, a segment's word, a text
    /// field's line): `textsize` applies wherever such words are drawn, so the look holds it; the
    /// table's default stands in only for a look made without the parameter table.
    var wordsTextSize: RenderSpec.TextSize { textSize ?? .l }

    /// The letters of words a component draws: `font`, which applies wherever words are drawn, as
    /// `textsize` does; the table's default stands in only for a look made without the table.
    var wordsFont: RenderSpec.Font { font ?? .sans }
}
