import ReliefRender
import ReliefScreen
import ReliefSpec
import Testing

/// A component's `/render` is the screen of that component alone: the same canvas, margin and
/// background, so the same pixels (an animation's pictures too), and the same text in every format
/// written from the tree (SVG, CSS, HTML, SwiftUI, JSON).
@Suite("One-element screens")
struct OneElementScreenTests {
    let renderer = Renderer()

    /// The `/render` query and the one-element layout of every component in every style: soft's
    /// controls that cast only small shadows have a smaller least margin than the others'.
    static let stills: [(query: String, layout: String)] = RenderSpec.ComponentKind.allCases.flatMap { kind in
        RenderSpec.Style.allCases.map { style in
            ("component=\(kind.rawValue)&style=\(style.rawValue)", kind.options.layoutName + "()")
        }
    }

    @Test(arguments: stills)
    func aComponentsRenderIsItsOneElementScreen(query: String, layout: String) throws {
        let style = try #require(query.split(separator: "&").last)
        for format in ["png", "svg", "css", "html", "swiftui", "json"] {
            try expectTheSameFile(render: query + "&format=" + format, layout: layout, screen: style + "&format=" + format)
        }
    }

    /// Every component with a state to change, animated: a button, toggle, switch, checkbox or radio
    /// button into its active state (pressed, on), the others into their state at rest. The screen's
    /// APNG is the render's.
    @Test(arguments: RenderSpec.ComponentKind.allCases.filter(\.changesState))
    func aComponentsAnimationIsItsOneElementScreens(kind: RenderSpec.ComponentKind) throws {
        let entry = try #require(ScreenCatalogue.standard.entry(named: kind.options.layoutName))
        var (query, arguments) = ("component=\(kind.rawValue)&animate=true&fps=10", "")
        if let state = entry.parameters.first(where: { ["pressed", "on"].contains($0.parameterName) }),
            let name = state.parameterName, let label = state.label
        {
            (query, arguments) = (query + "&\(name)=true", "\(label): true")
        }
        try expectTheSameFile(render: query, layout: "\(entry.name)(\(arguments))", screen: "animate=true&fps=10")
    }

    /// A `/render` with words, an icon and settings of its own, in every format: its arguments are
    /// the element's, its settings the screen's.
    @Test(arguments: ["png", "svg", "css", "html", "swiftui", "json"])
    func aComponentsArgumentsAndSettingsAreItsOneElementScreens(format: String) throws {
        try expectTheSameFile(
            render: "component=toggle&label=Shuffle&on=true&style=soft&contrast=high&textsize=xl&scale=2&format=" + format,
            layout: "Toggle(\"Shuffle\", isOn: true)", screen: "style=soft&contrast=high&textsize=xl&scale=2&format=" + format)
    }

    private func expectTheSameFile(render query: String, layout: String, screen settings: some StringProtocol) throws {
        let render = try renderer.file(for: RenderSpec.parse(query: query))
        let screen = try renderer.file(
            for: ScreenRequest.parse(query: "source=" + ScreenSource.encode(layout) + "&" + settings))
        // Compared first, so that a failure names the layout and the sizes rather than every byte.
        let isTheSameFile = render.bytes == screen.bytes
        #expect(isTheSameFile, "\(layout) with \(settings): \(render.bytes.count) and \(screen.bytes.count) bytes")
    }
}
