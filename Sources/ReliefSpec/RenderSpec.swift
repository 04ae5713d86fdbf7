/// One validated, typed render request: everything `/render` and `relief render` accept.
///
/// Build one with ``RenderSpec/parse(query:)``; every field then holds a valid value with the
/// component's defaults filled in, and ``canonicalQuery`` names it for caches.
public struct RenderSpec: Sendable, Hashable {
    /// What to draw.
    public enum Component: String, Sendable, CaseIterable {
        case button, toggle, `switch`, well, card
    }

    /// Which recipe of the articles to draw it with.
    public enum Style: String, Sendable, CaseIterable {
        case light, dark, colorful, soft
    }

    /// The outline of a button or toggle.
    public enum ShapeKind: String, Sendable, CaseIterable {
        case circle, rounded, capsule
    }

    /// How far a concave well sinks.
    public enum Depth: String, Sendable, CaseIterable {
        case shallow, deep
    }

    /// The vector icon drawn at the centre of a button or toggle.
    public enum Icon: String, Sendable, CaseIterable {
        case heart, star, play, pause, plus, check, power, bell, none
    }

    /// What covers the image behind the component.
    public enum Background: Sendable, Hashable {
        /// The style's own background (a colour or a corner-to-corner gradient).
        case style
        /// Nothing: the PNG keeps an alpha channel.
        case transparent
        /// One opaque sRGB colour.
        case color(red: UInt8, green: UInt8, blue: UInt8)
    }

    /// The encoded image format.
    public enum Format: String, Sendable, CaseIterable {
        case png
    }

    public var component: Component = .button
    public var style: Style = .light
    /// The state: `pressed` for a button, `on` for a toggle or switch; false for the others.
    public var isActive: Bool = false
    public var shape: ShapeKind = .circle
    /// The component's frame in points (for a circle, `size` × `size`).
    public var width: Double = 80
    public var height: Double = 80
    /// Corner radius in points before clamping to half the smaller side.
    public var radius: Double = 0
    public var depth: Depth = .deep
    /// Extra width of the switch's knob beyond its height, in points.
    public var knob: Double = 20
    /// Inset of the switch's knob inside its track, in points.
    public var padding: Double = 10
    public var icon: Icon = .heart
    /// Text drawn in place of the icon.
    public var label: String? = nil
    /// Pixels per point.
    public var scale: Double = 1
    /// Points of canvas around the frame on every side.
    public var margin: Double = 40
    public var background: Background = .style
    public var format: Format = .png

    public init() {}
}
