/// Every component in every state, in groups as the articles build them up: the one list behind the
/// playground's gallery (through `/openapi.json`), `relief gallery` (and so `make gallery`) and the
/// tests that go through every component and state. Each is drawn in every style.
public enum Showcase {
    /// Pixels per point of the pictures, which are shown at their size in points so they stay sharp.
    public static let scale: Double = 2

    /// A group of pictures with a heading and a sentence on what it shows.
    public struct Group: Sendable {
        /// The heading: `Round buttons`.
        public let title: String
        /// What the group shows and where it comes from, in a sentence or two.
        public let text: String
        /// The components and states, each drawn in every style.
        public let entries: [Entry]
    }

    /// One component in one state, to be drawn in each style.
    public struct Entry: Sendable {
        /// Short, unique and usable in file names: `button-rounded-pressed`.
        public let name: String
        /// What the picture shows, under its group's title: `rounded, pressed`.
        public let caption: String
        /// What is drawn.
        public let component: RenderSpec.ComponentKind
        /// The other parameters of the state, as a query (`pressed=true`), empty for the defaults.
        public let state: String

        init(_ name: String, _ caption: String, _ component: RenderSpec.ComponentKind, _ state: String = "") {
            self.name = name
            self.caption = caption
            self.component = component
            self.state = state
        }

        /// The query of this entry in `style`, without a scale: component, style, then the state.
        public func query(style: RenderSpec.Style) -> String {
            (["component=\(component.rawValue)", "style=\(style.rawValue)"] + (state.isEmpty ? [] : [state]))
                .joined(separator: "&")
        }
    }

    /// One picture: an entry in a style, at ``scale``.
    public struct Picture: Sendable {
        /// The group the entry belongs to.
        public let group: Group
        /// The component and state.
        public let entry: Entry
        /// The style it is drawn in.
        public let style: RenderSpec.Style

        /// `light-button-rounded-pressed`.
        public var name: String {
            "\(style.rawValue)-\(entry.name)"
        }

        /// The render query of the picture, scale included.
        public var query: String {
            entry.query(style: style) + "&scale=" + DecimalText.format(scale)
        }
    }

    /// Light, then dark, then colorful, as the first two articles go; soft is the toggle article's palette.
    public static let styles = RenderSpec.Style.allCases

    /// The custom colour of the gallery's colour row: a mid blue, which every style can lighten and darken.
    static let colour = "5b8def"

    /// The groups in the order the gallery shows them.
    public static let groups: [Group] = [
        Group(
            title: "Round buttons",
            text: "The series begins with a light button that sinks when pressed. It then turns dark, and "
                + "finally colourful, so that the pressed state reads at a glance and the icon keeps its contrast.",
            entries: [
                Entry("button-circle", "at rest", .button),
                Entry("button-circle-pressed", "pressed", .button, "pressed=true"),
            ]),
        Group(
            title: "Toggles",
            text: "A toggle is drawn as a button that stays down: off looks at rest, on looks pressed.",
            entries: [
                Entry("toggle-off", "off", .toggle),
                Entry("toggle-on", "on", .toggle, "on=true"),
            ]),
        Group(
            title: "Rounded and capsule buttons",
            text: "The same surfaces on the other shapes a button can take.",
            entries: [
                Entry("button-rounded", "rounded, at rest", .button, "shape=rounded"),
                Entry("button-rounded-pressed", "rounded, pressed", .button, "shape=rounded&pressed=true"),
                Entry("button-capsule", "capsule, at rest", .button, "shape=capsule"),
                Entry("button-capsule-pressed", "capsule, pressed", .button, "shape=capsule&pressed=true"),
            ]),
        Group(
            title: "Wells and the switch",
            text: "The animated toggle article starts from a shallow well, sinks it deeper, then lays a knob "
                + "over the deep well with ON and OFF beside it: off covers ON, on covers OFF.",
            entries: [
                Entry("well-shallow", "shallow well", .well, "depth=shallow"),
                Entry("well-deep", "deep well", .well, "depth=deep"),
                Entry("switch-off", "switch off", .switch),
                Entry("switch-on", "switch on", .switch, "on=true"),
            ]),
        Group(
            title: "Your colour",
            text: "The same recipes in a brand's colour: highlight and shadow derive from it in OKLCH lightness, "
                + "so any colour keeps its relief, and a face can be shaded concave or convex along the light.",
            entries: [
                Entry("button-colour", "your colour, at rest", .button, "color=\(colour)"),
                Entry("button-colour-pressed", "your colour, pressed", .button, "color=\(colour)&pressed=true"),
                Entry("button-colour-convex", "rounded, convex", .button, "shape=rounded&color=\(colour)&surface=convex"),
                Entry("switch-colour-on", "switch on", .switch, "color=\(colour)&on=true"),
            ]),
        Group(
            title: "Cards",
            text: "The bare surface, as the first article warms up with: 300 by 300 points with rounded corners.",
            entries: [Entry("card", "card", .card)]),
        Group(
            title: "Sliders",
            text: "A shallow well of a track, filled in the active colour up to a raised round knob; with steps, "
                + "a dot at each stop.",
            entries: [
                Entry("slider", "half way", .slider),
                Entry("slider-start", "at the start", .slider, "value=0"),
                Entry("slider-steps", "four steps", .slider, "value=0.75&steps=4"),
            ]),
        Group(
            title: "Progress",
            text: "A well with the done part raised inside it in the active colour: a bar, or a ring as SwiftUI's "
                + "circular style draws it.",
            entries: [
                Entry("progress-bar", "bar", .progress),
                Entry("progress-ring", "ring", .progress, "circular=true"),
                Entry("progress-ring-quarter", "ring, a quarter", .progress, "circular=true&value=0.25&thickness=16"),
            ]),
        Group(
            title: "Segmented controls",
            text: "A shallow well cut into equal segments; the chosen one rises as a switch's knob does, its word "
                + "in the active colour.",
            entries: [
                Entry("segmented-first", "first segment", .segmented),
                Entry("segmented-second", "second segment", .segmented, "selected=2"),
                Entry("segmented-third", "third segment", .segmented, "selected=3"),
            ]),
        Group(
            title: "Tab bars",
            text: "A raised bar of equal tabs; the chosen one is pressed in, its icon and caption in the active colour.",
            entries: [
                Entry("tabbar-first", "first tab", .tabbar),
                Entry("tabbar-second", "second tab", .tabbar, "selected=2"),
                Entry("tabbar-third", "third tab", .tabbar, "selected=3"),
                Entry("tabbar-labels", "with labels", .tabbar, "labels=Home,Stars,Alerts&selected=2"),
            ]),
        Group(
            title: "Checkboxes",
            text: "A small raised square that presses in with a check mark in the active colour, its label beside it.",
            entries: [
                Entry("checkbox-off", "off", .checkbox),
                Entry("checkbox-on", "on", .checkbox, "on=true"),
                Entry("checkbox-label-off", "labelled, off", .checkbox, "label=Subscribe"),
                Entry("checkbox-label-on", "labelled, on", .checkbox, "on=true&label=Subscribe"),
            ]),
        Group(
            title: "Radio buttons",
            text: "A small raised circle that presses in with a dot in the active colour, its label beside it.",
            entries: [
                Entry("radio-off", "off", .radio),
                Entry("radio-on", "on", .radio, "on=true"),
                Entry("radio-label-off", "labelled, off", .radio, "label=Weekly"),
                Entry("radio-label-on", "labelled, on", .radio, "on=true&label=Weekly"),
            ]),
        Group(
            title: "Text fields",
            text: "A shallow well holding a line of text from its leading edge, or a fainter placeholder; focused, "
                + "it is ringed in the active colour with a caret after the text.",
            entries: [
                Entry("textfield-placeholder", "placeholder", .textfield),
                Entry("textfield-placeholder-focused", "placeholder, focused", .textfield, "focused=true"),
                Entry("textfield-text", "text", .textfield, "text=Hello"),
                Entry("textfield-text-focused", "text, focused", .textfield, "text=Hello&focused=true"),
            ]),
    ]

    /// Every picture: each style in turn, every entry of every group in it.
    public static var pictures: [Picture] {
        styles.flatMap { style in
            groups.flatMap { group in group.entries.map { Picture(group: group, entry: $0, style: style) } }
        }
    }
}
