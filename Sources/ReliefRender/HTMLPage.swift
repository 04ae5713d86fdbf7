import ReliefGeometry
import ReliefScene
import ReliefSpec

/// The HTML back end of any laid-out tree, a screen or a component's `/render` (the screen of that
/// component alone): a standalone page whose `<main>` is the canvas, holding every element in
/// source order, each placed by the tree's stylesheet (``CSSRenderer``; the page's own rules besides
/// are its zero margin and its heading's), at its size in points (one CSS pixel a point).
///
/// The `<main>` starts with a heading naming what is drawn, visible to assistive technology alone.
/// A component is a live element: buttons and toggles `<button>`s (a toggle with `aria-pressed`), a
/// switch a `<button role="switch">` with `aria-checked`, a slider a `<div role="slider">` and a
/// progress indicator a `<div role="progressbar">` with their values, wells and cards `<div>`s,
/// each named by its label or icon; its icon and words are the scene's own outlines in an inline
/// SVG (``SVGRenderer/inlineElement(of:viewport:idPrefix:)``), hidden from assistive technology. A
/// text is a `<p>` of real text, one block a line where the drawing broke it, in its language, a
/// right-to-left line `dir="rtl"`, the words past a `.lineLimit` after them, clipped; an icon a `role="img"` named by the icon, its outline an inline
/// SVG; a divider an `<hr>`; a stack and a spacer an empty `<div>` over the space they take, a
/// panel's painted.
enum HTMLPage: AdaptingFormatWriter {
    static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
        let parts = try screen.parts(by: renderer)
        let elements = try parts.map { try element(of: $0, shaper: renderer.textShaper) }
        let heading = "<h1 class=\"relief-heading\">\(OutputText.markup("A " + screen.summary))</h1>"
        return document(
            title: "Relief: " + screen.summary,
            style: [resetRule, headingRule, CSSRenderer.stylesheet(of: screen, parts: parts)].joined(separator: "\n"),
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
            var lines = part.lines.map { line in
                "<span\(line.isRightToLeft ? " dir=\"rtl\"" : "")>\(OutputText.markup(line.run.string))</span>"
            }
            // What a `.lineLimit` left out is still read, below the lines drawn, where the stylesheet clips it.
            if let rest = part.textPastLineLimit { lines.append("<span>\(OutputText.markup(rest))</span>") }
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

    /// The page's own rule: no margin around the canvas.
    static let resetRule = "html, body {\n  margin: 0;\n}\n"

    /// The rule of the inline SVGs of icons and words, over the element they are in.
    static let glyphsRule =
        ".relief-glyphs {\n  position: absolute;\n  left: 0;\n  top: 0;\n  overflow: visible;\n  pointer-events: none;\n}\n"

    /// The rule of `.relief-canvas`: `canvas` points with `background` over them, clipping what reaches past.
    static func canvasRule(_ canvas: Size, background: Fill?) -> String {
        let whole = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var rule = [
            "position: relative;", "overflow: hidden;",
            "width: \(CSSRenderer.px(canvas.width));", "height: \(CSSRenderer.px(canvas.height));",
        ]
        if let background {
            rule.append("background: " + CSSRenderer.background(.init(fill: background, frame: whole), box: whole) + ";")
        }
        return CSSRenderer.rule(".relief-canvas", rule)
    }

    /// The rule placing a component's element, `className`, on the canvas by its outline: its first
    /// surface's (`frame`, the component's, without one), its points moved by `offset`.
    static func placementRule(_ className: String, surfaces: SceneSurfaces, frame: Rect, offset: Point) -> String {
        let outline = surfaces.surfaces.first?.outline.rect ?? frame
        return CSSRenderer.rule(
            ".relief-canvas > ." + className,
            [
                "position: absolute;", "left: \(CSSRenderer.px(outline.minX + offset.x));",
                "top: \(CSSRenderer.px(outline.minY + offset.y));",
            ])
    }

    /// A component's live element, `className`: its tag and accessible name, its further surfaces
    /// (the switch's knob) and its icon and words as the scene's outlines in inline SVG, inside its
    /// border; `frame` is the component's, for one without surfaces. `idPrefix` starts the ids of
    /// the SVGs' definitions, unique on a page of several components.
    static func componentElement(
        spec: RenderSpec, surfaces: SceneSurfaces, frame: Rect, className: String, idPrefix: String = ""
    ) throws -> String {
        let inside = surfaces.surfaces.first.map(CSSRenderer.paddingBox) ?? frame
        var children: [String] = []
        for (layerIndex, layer) in surfaces.layers.enumerated() {
            switch layer {
            case .surface(0):
                continue
            case .surface(let index):
                children.append("<span class=\"\(className)-knob\(index > 1 ? "-\(index)" : "")\"></span>")
            case .glyphs(let nodes):
                let element = try SVGRenderer.inlineElement(
                    of: nodes, viewport: inside, idPrefix: idPrefix.isEmpty ? "" : "\(idPrefix)\(layerIndex)-")
                children.append(element.replacing("<svg ", with: "<svg class=\"relief-glyphs\" "))
            }
        }
        let (open, close) = element(for: spec, className: className)
        return open + "\n" + children.joined(separator: "\n") + "\n" + close
    }

    /// A whole page titled `title`: `head` after the viewport, `style` in its `<style>`.
    static func document(title: String, head: String = "", style: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(head)<title>\(OutputText.markup(title))</title>
        <style>
        \(style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// The page of a `scheme=auto` answer: a `<picture>` whose sources are the PNGs of the other
    /// appearances under their media queries, the one where both settings apply first, over an
    /// `<img>` of the light PNG, each at 1×, 2× and 3× where the pixel limits allow, linked as
    /// `/render?` their canonical queries, at the size in points.
    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, screen: LaidOutScreen)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String {
        let shown = RenderSpec.Appearance.shown(among: appearances.map(\.appearance))
        guard let fallback = shown.first?.appearance, let canvas = appearances.first?.screen.canvas else { return "" }
        let sources = shown.dropFirst().reversed().map { setting, appearance in
            "<source media=\"\(setting.media ?? "all")\" srcset=\"\(sourceSet(appearance.spec))\">"
        }
        let image =
            "<img src=\"\(OutputText.markup(pngURL(fallback.spec, scale: 1)))\" srcset=\"\(sourceSet(fallback.spec))\" "
            + "width=\"\(OutputText.number(canvas.width))\" height=\"\(OutputText.number(canvas.height))\" "
            + "alt=\"\(OutputText.markup(fallback.spec.altText))\">"
        return document(
            title: "Relief: " + spec.summary, head: "<meta name=\"color-scheme\" content=\"light dark\">\n",
            style: resetRule + "img {\n  display: block;\n}\n",
            body: "<picture>\n" + (sources + [image]).joined(separator: "\n") + "\n</picture>")
    }

    /// The `srcset` of the PNG of `spec` at 1×, 2× and 3×, the scales the pixel limits allow, markup-escaped.
    private static func sourceSet(_ spec: RenderSpec) -> String {
        let scales = [1.0, 2, 3].filter { scale in
            var scaled = spec
            scaled.output.scale = scale
            return RenderSpec.Limits.allow(scaled.pixelSize)
        }
        return OutputText.markup(
            scales.map { pngURL(spec, scale: $0) + " " + OutputText.number($0) + "x" }.joined(separator: ", "))
    }

    /// The `/render` URL of the PNG of `spec` at `scale`.
    private static func pngURL(_ spec: RenderSpec, scale: Double) -> String {
        var png = spec
        png.output.format = .png
        png.output.scale = scale
        return "/render?" + png.canonicalQuery
    }

    /// The opening and closing tags of the component's element: a control is named by its label or
    /// icon, in the label's language.
    static func element(for spec: RenderSpec, className: String) -> (open: String, close: String) {
        let (tag, attributes): (String, [String])
        switch spec.component.output.htmlElement {
        case .picture:
            return ("<div class=\"\(className)\">", "</div>")
        case .button(let own):
            (tag, attributes) = ("button", ["type=\"button\"", "class=\"\(className)\""] + own)
        case .division(let own):
            (tag, attributes) = ("div", ["class=\"\(className)\""] + own)
        }
        var named = attributes + ["aria-label=\"\(OutputText.markup(spec.accessibleName))\""]
        if let language = spec.look.language { named.append("lang=\"\(OutputText.markup(language))\"") }
        return ("<\(tag) " + named.joined(separator: " ") + ">", "</\(tag)>")
    }
}
