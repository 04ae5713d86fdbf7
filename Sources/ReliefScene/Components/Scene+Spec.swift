import ReliefGeometry
import ReliefSpec

extension Scene {
    /// Whether icons and text are drawn; leaving them out gives the bare recipe, which is what an
    /// independent renderer can reproduce exactly.
    public enum Glyphs: Sendable {
        case drawn, omitted
    }

    /// The scene a render request describes (SPEC §4): the component in its frame at (margin, margin)
    /// on a canvas of frame + 2·margin points, over the background.
    public init(spec: RenderSpec, glyphs: Glyphs = .drawn) {
        let style = spec.style.recipes
        let frame = Rect(x: spec.margin, y: spec.margin, width: spec.width, height: spec.height)
        let background: Fill? = switch spec.background {
        case .style: style.background
        case .transparent: nil
        case .color(let r, let g, let b): .color(Color(Int(r), Int(g), Int(b)))
        }
        self.init(size: Size(spec.width + 2 * spec.margin, spec.height + 2 * spec.margin),
                  background: background,
                  content: Self.component(spec, style: style, glyphs: glyphs),
                  frame: frame)
    }

    private static func component(_ spec: RenderSpec, style: any NeumorphicStyle, glyphs: Glyphs) -> View {
        switch spec.component {
        case .button, .toggle:
            let shape: SceneShape = switch spec.shape {
            case .circle: .circle
            case .rounded: .roundedRectangle(cornerRadius: spec.radius)
            case .capsule: .capsule
            }
            let surface = style.surface(shape, isActive: spec.isActive)
            guard glyphs == .drawn, let glyph = Self.glyph(spec, color: style.foreground(isActive: spec.isActive)) else {
                return surface
            }
            return .zStack([surface, glyph])
        case .card:
            return style.surface(.roundedRectangle(cornerRadius: spec.radius), isActive: false)
        case .well:
            return style.well(.roundedRectangle(cornerRadius: spec.radius), depth: spec.depth)
        case .switch:
            return SwitchView(width: spec.width, height: spec.height, knobExtraWidth: spec.knob,
                              cornerRadius: spec.radius, padding: spec.padding, isOn: spec.isActive,
                              showsLabels: glyphs == .drawn)
                .view(style: style)
        }
    }

    /// The label, or else the icon, centred on the surface.
    private static func glyph(_ spec: RenderSpec, color: Color) -> View? {
        if let label = spec.label {
            return .text(TextRun(label, size: SwitchView.labelSize, weight: .regular, color: color))
        }
        guard let icon = IconArtwork.path(for: spec.icon) else { return nil }
        let size = min(spec.width, spec.height) * IconArtwork.frameFraction
        return .artwork(icon, size: size, .color(color))
    }
}
