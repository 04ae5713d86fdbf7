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

    /// The `/render` query and the one-element layout of every component in every style, and the
    /// formats in which they are the same file: soft's controls that cast only small shadows have a
    /// smaller least margin than the others'. A control SwiftUI makes flexible is its render with its
    /// width written (its `/render` width fixes it), in every format; without a width it takes the
    /// screen's 390 points, the pixels of its render that wide.
    static let stills: [(query: String, layout: String, formats: [String])] = RenderSpec.ComponentKind.allCases.flatMap {
        kind in
        RenderSpec.Style.allCases.flatMap { style in
            let query = "component=\(kind.rawValue)&style=\(style.rawValue)"
            let name = kind.options.layoutName, everyFormat = ["png", "svg", "css", "html", "swiftui", "json"]
            guard let spec = try? RenderSpec.parse(query: query), spec.component.flexibleMinimumWidth != nil else {
                return [(query, name + "()", everyFormat)]
            }
            let width = DecimalText.format(spec.component.frame.width)
            return [(query + "&width=390", name + "()", ["png"]), (query, name + "(width: \(width))", everyFormat)]
        }
    }

    @Test(arguments: stills)
    func aComponentsRenderIsItsOneElementScreen(query: String, layout: String, formats: [String]) throws {
        let style = try #require(query.split(separator: "&").first { $0.hasPrefix("style=") })
        for format in formats {
            try expectTheSameFile(render: query + "&format=" + format, layout: layout, screen: style + "&format=" + format)
        }
    }

    /// Every component with a state to change, animated: a button, toggle, switch, checkbox or radio
    /// button into its active state (pressed, on), the others into their state at rest. The screen's
    /// APNG is the render's.
    @Test(arguments: RenderSpec.ComponentKind.allCases.filter(\.changesState))
    func aComponentsAnimationIsItsOneElementScreens(kind: RenderSpec.ComponentKind) throws {
        let entry = try #require(ScreenCatalogue.standard.entry(named: kind.options.layoutName))
        // A flexible control takes the screen's 390 points.
        let width =
            try RenderSpec.parse(query: "component=\(kind.rawValue)").component.flexibleMinimumWidth == nil ? "" : "&width=390"
        var (query, arguments) = ("component=\(kind.rawValue)&animate=true&fps=10" + width, "")
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
