import ReliefScene
import ReliefSpec

/// What the text formats say of a component: its words, its SwiftUI code and its HTML element. Each
/// component's payload conforms in its own folder (`Components/Button/ButtonOutput.swift`); the
/// defaults fit a component without states or text (a card).
protocol ComponentOutput: RenderSpec.ComponentOptions {
    /// The words before its kind in the summary (`round`, `deep`); none by default.
    var summaryWords: [String] { get }

    /// The value it shows, from 0 to 1, which the summary and alt text say as a percentage (a slider's);
    /// `nil` by default.
    var shownValue: Double? { get }

    /// The element it is in an HTML page; a picture, the default, is a `<div>` and not a control.
    var htmlElement: HTMLElement { get }

    /// Its SwiftUI code, written with `writer` from the scenes of its two states; by default a view
    /// named after it (`ReliefCard`) with its scene's view tree as the body.
    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode
}

extension ComponentOutput {
    var summaryWords: [String] { [] }
    var shownValue: Double? { nil }
    var htmlElement: HTMLElement { .picture }

    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode {
        var body = writer.expression(scenes.scene.content)
        body.modifiers.append([scenes.frame])
        let kind = Self.kind.rawValue, name = writer.typeName("Relief" + kind.prefix(1).uppercased() + kind.dropFirst())
        return SwiftUIComponentCode(
            structs: [["struct \(name): View {", "    var body: some View {"] + indent(indent(body.lines)) + ["    }", "}"]],
            use: ["\(name)()"])
    }
}

/// The element a component is in an HTML page. A control's element is named by `aria-label` (its
/// accessible name), in the label's language.
enum HTMLElement {
    /// A `<div>` that shows it and is no control (a card, a well).
    case picture
    /// A `<button type="button">` with these attributes besides its class and name (`aria-pressed="true"`).
    case button(attributes: [String])
    /// A `<div>` with these attributes besides its class and name: its role and what the role asks for
    /// (a slider's `role="slider"`, its value and `tabindex`).
    case division(attributes: [String])
}

extension HTMLElement {
    /// The ARIA range of a value from 0 to 1, as a percentage: `aria-valuemin="0" aria-valuemax="100"
    /// aria-valuenow="25"`, to the hundredth of a percent the value may be given in.
    static func percentRange(of value: Double) -> [String] {
        [
            "aria-valuemin=\"0\"", "aria-valuemax=\"100\"",
            "aria-valuenow=\"\(DecimalText.format((value * 10_000).rounded() / 100))\"",
        ]
    }
}

/// The scenes a component's SwiftUI code is written from.
struct SwiftUIScenes {
    /// The state asked for.
    var scene: Scene
    /// The pressed or on state, and the other; both are `scene` for a component without states.
    var active: Scene
    var resting: Scene
    /// The `.frame(width:height:)` modifier of the component's frame.
    var frame: String
}

/// What a component's SwiftUI code adds to the file.
struct SwiftUIComponentCode {
    /// The types it declares.
    var structs: [SwiftUICodeWriter.Lines]
    /// The preview's `@State` lines; none by default.
    var state: SwiftUICodeWriter.Lines = []
    /// The code that shows it in the preview.
    var use: SwiftUICodeWriter.Lines
}

extension RenderSpec.Component {
    /// The component's unit for the text formats.
    var output: any ComponentOutput {
        unit((any ComponentOutput).self, in: "ReliefRender")
    }
}

extension RenderSpec.Face {
    /// The summary's word for the outline: `round` for a circle.
    var summaryWord: String {
        shape == .circle ? "round" : shape.rawValue
    }
}

extension SwiftUICodeWriter {
    /// A button's or toggle's face: the second article's background view, switching on `isHighlighted`,
    /// the label's code, and the outline's shape as code.
    mutating func face(_ scenes: SwiftUIScenes) -> (background: Lines, label: Lines, shape: String) {
        let parts = Self.backgroundAndLabel(active: scenes.active.content, resting: scenes.resting.content)
        parameterShape = scenes.scene.outline
        let background = statements(parts.active, parts.resting, flag: "isHighlighted")
        parameterShape = nil
        let shape = shape(scenes.scene.outline)
        let label = parts.label.map { expression($0).lines } ?? ["Color.clear"]
        return (backgroundView(body: ["ZStack {"] + indent(background) + ["}"]), label, shape)
    }
}

extension SwiftUICodeWriter {
    /// A view `name` that draws its two states' scenes on a `@State` `flag`, which a tap turns over, animated
    /// with `animation`: seed 004's `CustomToggle`, and the controls that change state as it does.
    mutating func tappableView(
        named name: String, flag: String, isActive: Bool, scenes: SwiftUIScenes, animation: String
    ) -> SwiftUIComponentCode {
        let name = typeName(name)
        var body = matching(scenes.active.content, scenes.resting.content, flag: flag)
        body.modifiers += [
            [scenes.frame], [".animation(\(animation), value: \(flag))"], [".onTapGesture {", "    \(flag).toggle()", "}"],
        ]
        return SwiftUIComponentCode(
            structs: [
                ["struct \(name): View {", "    @State var \(flag) = \(isActive)", "", "    var body: some View {"]
                    + indent(indent(body.lines)) + ["    }", "}"]
            ],
            use: ["\(name)()"])
    }
}
