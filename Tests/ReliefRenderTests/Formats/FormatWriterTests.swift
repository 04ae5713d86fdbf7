import ReliefSpec
import Testing

@testable import ReliefRender

/// The PNG back end of a component's `/render` writes the pixel renderer's file.
@Suite("Format back ends")
struct FormatWriterTests {
    @Test(arguments: ["style=dark", "component=switch&on=true&animate=true&fps=10"])
    func thePNGBackEndWritesThePixelRenderersFile(query: String) throws {
        let spec = try RenderSpec.parse(query: query), renderer = Renderer()
        let file = try renderer.file(for: spec)
        #expect(file.format == .png)
        #expect(file.bytes == (try renderer.png(for: spec)).bytes)
    }
}
