import ReliefGeometry
import ReliefScene
import ReliefScreen
import ReliefSpec

extension HTMLPage {
    /// The HTML back end of a screen: a standalone page whose `<main>` is the canvas, holding every
    /// element in source order, each placed by the screen's stylesheet (``CSSRenderer/Screen``; the
    /// page's own rules besides are its zero margin and its heading's).
    ///
    /// The `<main>` starts with a heading naming the screen, visible to assistive technology alone.
    /// A component is the live element its own page shows (its `<button>` or role, `aria-*` and
    /// name, further surfaces and glyphs); a text a `<p>` of real text, one block a line where the
    /// drawing broke it, in its language, a right-to-left line `dir="rtl"`; an icon a `role="img"`
    /// named by the icon, its outline an inline SVG; a divider an `<hr>`; a stack and a spacer an
    /// empty `<div>` over the space they take, a panel's painted.
    enum Screen: TextFormatWriter {
        typealias Render = LaidOutScreen
        static let format = RenderSpec.Format.html

        static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
            let parts = try screen.parts(by: renderer)
            let elements = try parts.map { try element(of: $0, shaper: renderer.textShaper) }
            let heading = "<h1 class=\"relief-heading\">\(OutputText.markup("A " + screen.summary))</h1>"
            return document(
                title: "Relief: " + screen.summary,
                style: [resetRule, headingRule, CSSRenderer.Screen.stylesheet(of: screen, parts: parts)].joined(separator: "\n"),
                body: "<main class=\"relief-canvas\">\n" + ([heading] + elements).joined(separator: "\n") + "\n</main>")
        }

        /// The page's heading, which says what the screen is to assistive technology and takes no
        /// room on the canvas: a screen's own texts are what the layout makes them, no headings.
        static let headingRule = """
            .relief-heading {
              position: absolute;
              width: 1px;
              height: 1px;
              margin: -1px;
              padding: 0;
              overflow: hidden;
              clip-path: inset(50%);
              white-space: nowrap;
              border: 0;
            }

            """

        /// The markup of one element.
        private static func element(of part: ScreenPart, shaper: any TextShaper) throws -> String {
            let className = part.className
            if let component = part.component, let surfaces = part.surfaces {
                return try componentElement(
                    spec: component.spec, surfaces: surfaces, frame: component.scene.frame, className: className,
                    idPrefix: className + "-")
            }
            switch part.placed.role {
            case .text:
                let language = part.lines.first?.run.language.map { " lang=\"\(OutputText.markup($0))\"" } ?? ""
                let lines = part.lines.map { line in
                    "<span\(line.isRightToLeft ? " dir=\"rtl\"" : "")>\(OutputText.markup(line.run.string))</span>"
                }
                return "<p class=\"\(className)\"\(language)>" + lines.joined() + "</p>"
            case .image:
                let icon = part.placed.arguments.first { $0.label == "icon" }.flatMap { argument -> String? in
                    if case .member(let name) = argument.value { return name }
                    return nil
                }
                let nodes = try part.drawn.map { try $0.view.placed(in: $0.frame, shaper: shaper) }
                let outline = try SVGRenderer.inlineElement(of: nodes, viewport: part.frame, idPrefix: className + "-")
                return "<div class=\"\(className)\" role=\"img\" aria-label=\"\(OutputText.markup(icon ?? "icon"))\">"
                    + outline.replacing("<svg ", with: "<svg class=\"relief-glyphs\" ") + "</div>"
            case .divider:
                return "<hr class=\"\(className)\">"
            case .stack, .spacer, .component:
                return "<div class=\"\(className)\"></div>"
            }
        }
    }
}
