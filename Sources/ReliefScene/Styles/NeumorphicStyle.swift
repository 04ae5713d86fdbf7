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
    /// A button, toggle or card: raised at rest, pressed in when active.
    func surface(_ shape: SceneShape, isActive: Bool) -> View
    /// A concave well sunk into the background.
    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View
    /// The raised knob that slides along a switch's track.
    func knob(_ shape: SceneShape, isOn: Bool) -> View
}

extension RenderSpec.Style {
    /// The recipes of this style.
    public var recipes: any NeumorphicStyle {
        switch self {
        case .light: LightStyle()
        case .dark: DarkStyle()
        case .colorful: ColorfulStyle()
        case .soft: SoftStyle()
        }
    }
}
