import ReliefSpec

extension SVGRenderer {
    /// The SVG back end of a screen: its canvas walked as a render's is, one self-contained document.
    enum Screen: TextFormatWriter {
        typealias Render = LaidOutScreen
        static let format = RenderSpec.Format.svg

        static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
            try document(of: screen.scene, content: screen.content, canvas: screen.canvas, title: "Relief: " + screen.summary)
        }
    }
}
