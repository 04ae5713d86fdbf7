/// One validated, typed render request: everything `/render` and `relief render` accept.
///
/// Build one with ``RenderSpec/parse(query:)``; every field then holds a valid value with the
/// component's defaults filled in, and ``canonicalQuery`` names it for caches. Fields that do not
/// apply to the component hold fixed values (listed on each field), so two requests that draw the
/// same image are equal. `RenderSpec()` is the spec of the empty query.
public struct RenderSpec: Sendable, Hashable {
    /// What to draw.
    public enum Component: String, Sendable, CaseIterable {
        case button, toggle, `switch`, well, card

        /// Whether the component has a `shape` and draws an icon or label: buttons and toggles.
        public var showsIcon: Bool {
            self == .button || self == .toggle
        }

        /// Whether the component's state is the `on` parameter: toggles and switches.
        public var hasOnState: Bool {
            self == .toggle || self == .switch
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
    /// scene. ``mediaType`` and ``fileExtension`` say how each is served and saved.
    public enum Format: String, Sendable, CaseIterable {
        case png, svg, css, html, swiftui, json
    }

    /// What to draw: `component`.
    public var component: Component
    /// The recipe: `style`.
    public var style: Style
    /// The state: `pressed` for a button, `on` for a toggle or switch; false for the others.
    public var isActive: Bool
    /// The outline: a button's or toggle's `shape`; `.rounded` for a switch, well or card, which
    /// are rounded rectangles of ``radius``.
    public var shape: ShapeKind
    /// The frame's width in points (for a circle, `size`).
    public var width: Double
    /// The frame's height in points (for a circle, `size`).
    public var height: Double
    /// Corner radius in points before clamping to half the smaller side; for a circle or capsule
    /// always half the height.
    public var radius: Double
    /// The well's depth; `.deep` for other components (a switch's track is a deep well).
    public var depth: Depth
    /// Extra width of the switch's knob beyond its height, in points; 20 for other components.
    public var knob: Double
    /// Inset of the switch's knob inside its track, in points; 10 for other components.
    public var padding: Double
    /// The icon of a button or toggle, leading its ``label`` when there is one; `.none` when it
    /// draws none (a label without `icon`, a switch, well or card).
    public var icon: Icon
    /// Text drawn on a button or toggle, exactly as given; `nil` when there is none.
    public var label: String?
    /// The switch's word for on and for off, exactly as given: `onlabel` and `offlabel`; ON and
    /// OFF for other components.
    public var onLabel: String
    public var offLabel: String
    /// The letters of labels and the switch's words: `font`; `.sans` where no text is drawn.
    public var font: Font
    /// The BCP 47 tag of the text's language (`lang`), in canonical case; `nil` when not given or
    /// no text is drawn, and the text's scripts decide.
    public var language: String?
    /// Pixels per point: `scale`.
    public var scale: Double
    /// The surface colour: `color`; `.style` for the style's own palette.
    public var color: ColorChoice
    /// The colorful style's blue: `accent`; `.style` for the article's, and for other styles.
    public var accent: ColorChoice
    /// Where the light comes from: `light`.
    public var light: Light
    /// How far highlight and shadow move from the surface, in OKLab lightness: `intensity`
    /// (the style's own by default).
    public var intensity: Double
    /// The main shadow's offset in points: `distance` (the style's own by default).
    public var distance: Double
    /// The main shadow's radius (σ) in points: `blur` (the style's own by default).
    public var blur: Double
    /// A button's or card's face: `surface`; `.flat` for other components.
    public var surface: Surface
    /// Points of canvas around the frame on every side: `margin`.
    public var margin: Double
    /// What covers the image behind the component: `background`.
    public var background: Background
    /// What the answer is: `format`.
    public var format: Format
    /// The label's text size: `textsize`; `.l` (17 points) when there is no label.
    public var textSize: TextSize
    /// The style's variant: `contrast`.
    public var contrast: Contrast
    /// The vision the finished image is shown through: `simulate`.
    public var simulation: Simulation
    /// The change into this state as an animated PNG (`animate`, `fps`, `loop`); `nil` for a still,
    /// and for a well or card.
    public var animation: Animation?

    /// The spec of the empty query: a light, circular, 80-point button with a heart.
    public init() {
        self.init(resolved: Self.resolve(QueryValues()))
    }
}
