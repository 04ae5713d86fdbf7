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
    /// A label is measured with `shaper` and may grow the frame (see ``LabelLayout``); it does so
    /// whether or not glyphs are drawn, so both renders of a spec share one frame.
    public init(spec: RenderSpec, glyphs: Glyphs = .drawn, shaper: any TextShaper) throws {
        let style = spec.style.recipes(for: spec)
        let color = style.foreground(isActive: spec.isActive)
        let label = try spec.label.flatMap { label in
            spec.component.showsIcon ? try LabelLayout(label: label, spec: spec, color: color, shaper: shaper) : nil
        }
        let frameSize = label?.size ?? Size(spec.width, spec.height)
        let shape = label?.shape ?? Self.outline(of: spec)
        let lighting = Lighting(spec: spec)
        let background: Fill? = switch spec.background {
        case .style: lighting.map { $0.fill(style.background) } ?? style.background
        case .transparent: nil
        case .color(let r, let g, let b): .color(Color(Int(r), Int(g), Int(b)))
        }
        let glyph: View? = glyphs == .omitted ? nil : label.map { .lines($0.lines) } ?? Self.icon(spec, color: color)
        let component = Self.component(spec, shape: shape, style: style, glyph: glyph, glyphs: glyphs)
        self.init(size: Size(frameSize.width + 2 * spec.margin, frameSize.height + 2 * spec.margin),
                  background: background,
                  content: lighting.map(component.lit) ?? component,
                  frame: Rect(x: spec.margin, y: spec.margin, width: frameSize.width, height: frameSize.height),
                  outline: shape)
    }

    /// The outline the spec asks for, before a label grows it.
    private static func outline(of spec: RenderSpec) -> SceneShape {
        switch spec.shape {
        case .circle: .circle
        case .rounded: .roundedRectangle(cornerRadius: spec.radius)
        case .capsule: .capsule
        }
    }

    private static func component(
        _ spec: RenderSpec, shape: SceneShape, style: any NeumorphicStyle, glyph: View?, glyphs: Glyphs
    ) -> View {
        switch spec.component {
        case .button, .toggle:
            let surface = style.surface(shape, isActive: spec.isActive)
            return glyph.map { .zStack([surface, $0]) } ?? surface
        case .card:
            return style.surface(shape, isActive: false)
        case .well:
            return style.well(shape, depth: spec.depth)
        case .switch:
            return SwitchView(width: spec.width, height: spec.height, knobExtraWidth: spec.knob,
                              cornerRadius: spec.radius, padding: spec.padding, isOn: spec.isActive,
                              showsLabels: glyphs == .drawn)
                .view(style: style)
        }
    }

    /// The icon centred on the surface.
    private static func icon(_ spec: RenderSpec, color: Color) -> View? {
        guard let icon = IconArtwork.path(for: spec.icon) else { return nil }
        let size = min(spec.width, spec.height) * IconArtwork.frameFraction
        return .artwork(icon, size: size, .color(color))
    }
}
