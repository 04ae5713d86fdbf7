/// One validated, typed render request: everything `/render` and `relief render` accept, as three
/// values: the ``component`` with its own parameters, its ``look`` and the ``output``.
///
/// Build one with ``RenderSpec/parse(query:)``; every field then holds a valid value with the
/// component's defaults filled in, and ``canonicalQuery`` names it for caches. A component's payload
/// holds only the parameters of that component, so two requests that draw the same image are equal.
/// `RenderSpec()` is the spec of the empty query.
public struct RenderSpec: Sendable, Hashable {
    /// What kind of component to draw: the value of `component`.
    public enum ComponentKind: String, Sendable, CaseIterable {
        case button, toggle, `switch`, well, card, slider, progress, segmented, tabbar
        case checkbox, radio, textfield

        /// Whether the component has a `shape` and draws an icon or label (a ``Face``).
        public var showsIcon: Bool {
            uses(.face)
        }

        /// Whether the component's state is the `on` parameter.
        public var hasOnState: Bool {
            uses(.on)
        }
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

    /// What a render answers with (SPEC §10): the image, or another back end's reading of the same
    /// scene. Its ``keys`` say how each is served, saved and named; `auto` is the image in the type
    /// the request accepts (``Keys/negotiatedFormats``).
    public enum Format: String, Sendable, CaseIterable {
        case png, svg, css, html, swiftui, json, webp, avif, auto
    }

    /// What to draw, with the parameters of that component alone: `component` and its own.
    public var component: Component
    /// How it is drawn: the style and what the query changes of it.
    public var look: Look
    /// What the answer is and the canvas it is drawn on.
    public var output: Output

    /// The spec of the empty query: a light, circular, 80-point button with a heart.
    public init() {
        self.init(resolved: Self.resolve(QueryValues()))
    }
}
