import ReliefRender
import ReliefScreen
import ReliefSpec
import Testing

/// A component's `/render` is the screen of that component alone: the same canvas, margin and
/// background, so the same pixels, and the formats that write the canvas (SVG) the same text.
@Suite("One-element screens")
struct OneElementScreenTests {
    let renderer = Renderer()

    /// The `/render` query and the one-element layout of every component, in a style with the
    /// default least margin and in soft, whose controls casting only small shadows have a smaller one.
    static let cases: [(query: String, layout: String)] = RenderSpec.ComponentKind.allCases.flatMap { kind in
        ["light", "soft"].map { style in
            ("component=\(kind.rawValue)&style=\(style)", kind.options.layoutName + "()")
        }
    }

    @Test(arguments: cases)
    func aComponentsRenderIsItsOneElementScreen(query: String, layout: String) throws {
        let style = try #require(query.split(separator: "&").last)
        for format in ["png", "svg"] {
            let render = try renderer.file(for: RenderSpec.parse(query: query + "&format=" + format))
            let screen = try renderer.file(
                for: ScreenRequest.parse(
                    query: "source=" + ScreenSource.encode(layout) + "&" + style + "&format=" + format))
            #expect(render.bytes == screen.bytes, "\(layout) \(style) as \(format)")
        }
    }
}
