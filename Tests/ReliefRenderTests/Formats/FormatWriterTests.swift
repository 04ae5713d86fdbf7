import ReliefSpec
import Testing

@testable import ReliefRender

/// Each format of ReliefSpec's table is written by a back end of ReliefRender's, of a component and
/// of a screen, the PNG among them.
@Suite("Format back ends")
struct FormatWriterTests {
    @Test(arguments: RenderSpec.Format.allCases)
    func eachFormatMapsToTheBackEndThatWritesIt(format: RenderSpec.Format) {
        #expect(format.writer.format == format)
    }

    @Test(arguments: RenderSpec.Format.allCases)
    func eachFormatMapsToTheBackEndThatWritesAScreen(format: RenderSpec.Format) {
        #expect(format.screenWriter.format == format)
    }

    @Test(arguments: ["style=dark", "component=switch&on=true&animate=true&fps=10"])
    func thePNGBackEndWritesThePixelRenderersFile(query: String) throws {
        let spec = try RenderSpec.parse(query: query), renderer = Renderer()
        let file = try renderer.file(for: spec)
        #expect(file.format == .png)
        #expect(file.bytes == (try renderer.png(for: spec)).bytes)
    }
}
