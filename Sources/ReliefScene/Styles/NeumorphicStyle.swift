import ReliefGeometry
import ReliefSpec

/// One look of the articles: how a surface rises or sinks, and what sits around and on it.
///
/// Each conforming type is one small file whose recipes read like the article's SwiftUI.
public protocol NeumorphicStyle: Sendable {
    /// What covers the canvas behind the component.
    var background: Fill { get }
    /// The colour of icons and labels on the surface.
    func foreground(isActive: Bool) -> Color
    /// The colours of a switch's ON and OFF labels on this style's track.
    var stateLabelColors: (on: Color, off: Color) { get }
    /// The colour that marks a control's chosen or filled part (docs/CONTROLS.md): the icon's colour in
    /// light and dark, the system green in soft, the accent in colorful.
    var activeColor: Color { get }
    /// The colour of the words or icon on a control's chosen part (a selected segment or tab): the
    /// active colour, or the pressed icon's colour where that part is filled with it (colorful).
    var chosenForeground: Color { get }
    /// A button, toggle or card: raised at rest, pressed in when active.
    func surface(_ shape: SceneShape, isActive: Bool) -> View
    /// A concave well sunk into the background, and the stroke `contrast=high` marks its edge with
    /// (`nil` where it adds none): a well draws that stroke over itself, a switch over its knob too,
    /// so that the knob's shadows cannot fade the edge the outline is there to show.
    func wellParts(_ shape: SceneShape, depth: RenderSpec.Depth) -> (sunk: View, edge: View?)
    /// The raised knob that slides along a switch's track.
    func knob(_ shape: SceneShape, isOn: Bool) -> View
    /// The knob's two small shadows under `view`, for a small raised part that is not a knob's shape
    /// (a progress indicator's done part).
    func knobShadows(_ view: View) -> View
}

extension NeumorphicStyle {
    /// The system green and red; a pale style makes them darker for `contrast=high`.
    public var stateLabelColors: (on: Color, off: Color) { (Palette.green, Palette.red) }

    public var chosenForeground: Color { activeColor }

    /// A concave well sunk into the background, its edge's stroke over it.
    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        let parts = wellParts(shape, depth: depth)
        return parts.sunk.overlay(parts.edge)
    }
}

extension RenderSpec.Style {
    /// The recipes of this style as the articles draw them.
    public var recipes: any NeumorphicStyle {
        recipes(contrast: .standard)
    }

    /// The recipes of this style in the articles' colours, with its accessible adjustments when
    /// `contrast` is `.high`.
    public func recipes(contrast: RenderSpec.Contrast) -> any NeumorphicStyle {
        switch self {
        case .light: LightStyle(contrast: contrast)
        case .dark: DarkStyle(contrast: contrast)
        case .colorful: ColorfulStyle(contrast: contrast)
        case .soft: SoftStyle(contrast: contrast)
        }
    }

    /// The recipes of this style as `look` asks for them, with `face` (a component's `surface`): its
    /// contrast variant and its colours (the articles' unless it gives `color`, `intensity` or
    /// `accent`). The light is turned afterwards, on the whole scene (``View/lit(by:)``).
    public func recipes(for look: RenderSpec.Look, face: RenderSpec.Surface = .flat) -> any NeumorphicStyle {
        let contrast = look.contrast
        return switch self {
        case .light:
            LightStyle(contrast: contrast, colors: SurfacePalette(.light, style: self, look: look), face: face)
        case .dark: DarkStyle(contrast: contrast, colors: CushionPalette(style: self, look: look), face: face)
        case .colorful: ColorfulStyle(contrast: contrast, colors: CushionPalette(style: self, look: look), face: face)
        case .soft: SoftStyle(contrast: contrast, colors: SurfacePalette(.soft, style: self, look: look), face: face)
        }
    }
}
