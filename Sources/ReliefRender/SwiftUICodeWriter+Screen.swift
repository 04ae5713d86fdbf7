import ReliefScene
import ReliefScreen
import ReliefSpec

extension SwiftUICodeWriter {
    /// The SwiftUI back end of a screen: one self-contained file. `ReliefScreen`'s body is the layout
    /// as written — its stacks with their alignment and spacing (the default 8 written out, as the
    /// layout places by it), `.padding`, `.frame` and `.font` as they stand, `Text`, `Spacer`,
    /// `Divider` — with each component drawn by its own code (``component(_:scene:otherState:)``),
    /// its types named after its element's number (`ReliefButtonStyle4`) and its `@State` too
    /// (`isOn6`), so that the file declares every type once. A text takes the colour it is drawn in,
    /// an icon is the project's own outline as a `Shape`, a divider the drawing's line colour over
    /// SwiftUI's, a panel its background; look modifiers (`.style`, `.color`, …) are comments where
    /// they stand, since each element's code already holds its look. `AdaptiveStack` is a view of its
    /// own that reads `dynamicTypeSize`. `ReliefPreview` shows the screen on its background at the
    /// query's text size, in its font design and language.
    enum Screen: TextFormatWriter {
        typealias Render = LaidOutScreen
        static let format = RenderSpec.Format.swiftui

        static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
            var writer = SwiftUICodeWriter()
            let parts = try screen.parts(by: renderer)
            var structs: [Lines] = []
            var state: Lines = []
            var uses: [SourceLocation: Lines] = [:]
            for part in parts {
                guard let component = part.component else { continue }
                (writer.typeSuffix, writer.stateSuffix) = (String(part.number), String(part.number))
                let code = writer.component(
                    component.spec, scene: component.scene, otherState: try otherState(of: component.spec, by: renderer))
                structs += code.structs
                state += code.state
                uses[part.placed.location] = code.use
            }
            var layout = LayoutCode(
                parts: Dictionary(uniqueKeysWithValues: parts.map { ($0.placed.location, $0) }), uses: uses)
            let body = layout.expression(of: screen.drawing.layout.root, writer: &writer).lines
            let view =
                ["/// The layout as written.", "struct ReliefScreen: View {"] + indent(state) + ["    var body: some View {"]
                + indent(indent(body)) + ["    }", "}"]
            let helpers = layout.usesAdaptiveStack ? [adaptiveStack] : []
            return writer.file(
                summary: screen.summary, source: "/screen?" + screen.request.canonicalQuery,
                structs: [view] + structs + helpers + [preview(of: screen, writer: &writer)],
                note: "ReliefScreen is the layout, each component drawn by its own types, numbered as its element; "
                    + "ReliefPreview shows it on its background at the query's text size.")
        }

        /// The screen on its canvas, in the environment the query sets: its text size, font design and language.
        private static func preview(of screen: LaidOutScreen, writer: inout SwiftUICodeWriter) -> Lines {
            let look = screen.request.page.look, size = screen.drawing.size, canvas = screen.canvas
            let n = OutputText.number
            var environment = [".dynamicTypeSize(.\(dynamicTypeSize(look.textSize ?? .l)))"]
            if let font = look.font, font != .sans { environment.append(".fontDesign(.\(design(font)))") }
            if let language = look.language {
                environment.append(".environment(\\.locale, Locale(identifier: \(stringLiteral(language))))")
            }
            let background = screen.scene.background.map { [writer.paint($0)] } ?? []
            let view =
                ["ZStack {"]
                + indent(background + ["ReliefScreen()", "    .frame(width: \(n(size.width)), height: \(n(size.height)))"])
                + ["}", ".frame(width: \(n(canvas.width)), height: \(n(canvas.height)))"] + environment
            return ["struct ReliefPreview: View {", "    var body: some View {"] + indent(indent(view)) + ["    }", "}"]
        }

        /// SwiftUI's `DynamicTypeSize` of a text size, without its dot.
        private static func dynamicTypeSize(_ size: RenderSpec.TextSize) -> String {
            switch size {
            case .xs: "xSmall"
            case .s: "small"
            case .m: "medium"
            case .l: "large"
            case .xl: "xLarge"
            case .xxl: "xxLarge"
            case .xxxl: "xxxLarge"
            case .ax1: "accessibility1"
            case .ax2: "accessibility2"
            case .ax3: "accessibility3"
            case .ax4: "accessibility4"
            case .ax5: "accessibility5"
            }
        }

        /// The layout's `AdaptiveStack`, declared once in a file whose layout uses it.
        private static let adaptiveStack: Lines = [
            "/// A row below the accessibility text sizes and a column from AX1 up, as seed 002's menu cell turns its",
            "/// stack; the alignment's vertical part aligns the row, its horizontal part the column.",
            "struct AdaptiveStack<Content: View>: View {",
            "    @Environment(\\.dynamicTypeSize) private var dynamicTypeSize",
            "    var alignment: Alignment",
            "    var spacing: CGFloat",
            "    var content: Content",
            "",
            "    init(alignment: Alignment = .center, spacing: CGFloat = 8, @ViewBuilder content: () -> Content) {",
            "        self.alignment = alignment",
            "        self.spacing = spacing",
            "        self.content = content()",
            "    }",
            "",
            "    var body: some View {",
            "        if dynamicTypeSize.isAccessibilitySize {",
            "            VStack(alignment: alignment.horizontal, spacing: spacing) { content }",
            "        } else {",
            "            HStack(alignment: alignment.vertical, spacing: spacing) { content }",
            "        }",
            "    }",
            "}",
        ]
    }
}

/// The walk that writes the layout's elements as SwiftUI, each component by the code its writer gave.
private struct LayoutCode {
    let parts: [SourceLocation: ScreenPart]
    let uses: [SourceLocation: SwiftUICodeWriter.Lines]
    private(set) var usesAdaptiveStack = false

    init(parts: [SourceLocation: ScreenPart], uses: [SourceLocation: SwiftUICodeWriter.Lines]) {
        self.parts = parts
        self.uses = uses
    }

    mutating func expression(of element: PlacedElement, writer: inout SwiftUICodeWriter) -> SwiftUICodeWriter.Expression {
        let drawn = parts[element.location]?.drawn ?? []
        var code: SwiftUICodeWriter.Expression
        switch element.role {
        case .stack(let kind):
            var children: SwiftUICodeWriter.Lines = []
            for child in element.children { children += expression(of: child, writer: &writer).lines }
            code = .init(base: [header(of: element, kind) + " {"] + indent(children) + ["}"])
        case .text:
            let text = if case .string(let text)? = argument(nil, of: element) { text } else { "" }
            code = .init(base: ["Text(\(SwiftUICodeWriter.stringLiteral(text)))"])
            if case .text(let run)? = drawn.first?.view {
                code.modifiers.append([".foregroundColor(\(writer.color(run.color)))"])
            }
        case .image:
            // An icon drawn is its outline; `.none` draws nothing in the place it takes.
            let n = OutputText.number
            code =
                drawn.first.map { writer.expression($0.view) }
                ?? .init(
                    base: ["Color.clear"],
                    modifiers: [[".frame(width: \(n(element.frame.width)), height: \(n(element.frame.height)))"]])
        case .spacer:
            let minimum = argument("minLength", of: element).map { "minLength: " + CanonicalForm.value($0) } ?? ""
            code = .init(base: ["Spacer(\(minimum))"])
        case .divider:
            code = .init(base: ["Divider()"])
            if case .fill(_, let fill)? = drawn.first?.view { code.modifiers.append([".overlay(\(writer.paint(fill)))"]) }
        case .component:
            code = .init(base: uses[element.location] ?? [])
        }
        for modifier in element.modifiers {
            let written = CanonicalForm.modifier(modifier)
            switch modifier.kind {
            case .padding, .frame, .font, .text: code.modifiers.append([written])
            case .look:
                code.modifiers.append(["// \(written): the look every element inside is drawn in"])
            }
        }
        // A stack that changes the surface is a panel of that look's background.
        if case .stack = element.role, case .fill(_, let fill)? = drawn.first?.view {
            code.modifiers.append([".background(\(writer.paint(fill)))"])
        }
        return code
    }

    /// A stack's name and arguments: its alignment where written, its spacing always.
    private mutating func header(of element: PlacedElement, _ kind: StackKind) -> String {
        let name: String
        switch kind {
        case .vertical: name = "VStack"
        case .horizontal: name = "HStack"
        case .depth: name = "ZStack"
        case .adaptive:
            name = "AdaptiveStack"
            usesAdaptiveStack = true
        }
        var arguments = argument("alignment", of: element).map { ["alignment: " + CanonicalForm.value($0)] } ?? []
        if kind != .depth {
            let spacing =
                argument("spacing", of: element).map(CanonicalForm.value) ?? OutputText.number(StackLayout.defaultSpacing)
            arguments.append("spacing: " + spacing)
        }
        return name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
    }

    private func argument(_ label: String?, of element: PlacedElement) -> ScreenValue? {
        element.arguments.first { $0.label == label }?.value
    }
}
