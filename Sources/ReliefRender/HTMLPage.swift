import ReliefGeometry
import ReliefScene
import ReliefSpec

/// The HTML back end: a standalone page that shows the component as a live element styled by
/// ``CSSRenderer``'s rules, on its background, at its size in points (one CSS pixel a point).
///
/// Buttons and toggles are `<button>`s (a toggle with `aria-pressed`), a switch a `<button
/// role="switch">` with `aria-checked`, a slider a `<div role="slider">` and a progress indicator a
/// `<div role="progressbar">` with their values, wells and cards `<div>`s. The icon and the words are the
/// scene's own outlines in an inline SVG (``SVGRenderer/inlineElement(of:viewport:)``), hidden from
/// assistive technology: the element's `aria-label` says them instead.
enum HTMLPage {
    static func page(of scene: Scene, surfaces: SceneSurfaces, canvas: Size, spec: RenderSpec) throws -> String {
        let className = "relief-\(spec.component.kind.rawValue)"
        let whole = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        // The component's element is placed by its outline; the icon and words inside its border.
        let outline = surfaces.surfaces.first?.outline.rect ?? scene.frame
        let inside = surfaces.surfaces.first.map(CSSRenderer.paddingBox) ?? scene.frame
        var canvasRule = [
            "position: relative;", "overflow: hidden;",
            "width: \(CSSRenderer.px(canvas.width));", "height: \(CSSRenderer.px(canvas.height));",
        ]
        if let background = scene.background {
            canvasRule.append("background: " + CSSRenderer.background(.init(fill: background, frame: whole), box: whole) + ";")
        }
        let style =
            [
                "html, body {\n  margin: 0;\n}\n",
                ".relief-canvas {\n" + canvasRule.map { "  " + $0 }.joined(separator: "\n") + "\n}\n",
                ".relief-canvas > .\(className) {\n  position: absolute;\n  left: \(CSSRenderer.px(outline.minX));\n"
                    + "  top: \(CSSRenderer.px(outline.minY));\n}\n",
                ".relief-glyphs {\n  position: absolute;\n  left: 0;\n  top: 0;\n  overflow: visible;\n  pointer-events: none;\n}\n",
            ] + CSSRenderer.rules(surfaces, className: className)

        var children: [String] = []
        for layer in surfaces.layers {
            switch layer {
            case .surface(0):
                continue
            case .surface(let index):
                children.append("<span class=\"\(className)-knob\(index > 1 ? "-\(index)" : "")\"></span>")
            case .glyphs(let nodes):
                let element = try SVGRenderer.inlineElement(of: nodes, viewport: inside)
                children.append(element.replacing("<svg ", with: "<svg class=\"relief-glyphs\" "))
            }
        }
        let (open, close) = element(for: spec, className: className)
        return document(
            of: spec, style: style.joined(separator: "\n"),
            body: """
                <div class="relief-canvas">
                \(open)
                \(children.joined(separator: "\n"))
                \(close)
                </div>
                """)
    }

    /// A whole page titled with `spec`'s summary: `head` after the viewport, `style` in its `<style>`.
    private static func document(of spec: RenderSpec, head: String = "", style: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(head)<title>\(OutputText.markup("Relief: " + spec.summary))</title>
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
    static func picturePage(
        of appearances: [(appearance: RenderSpec.Appearance, render: LaidOutScene)], spec: RenderSpec
    ) -> String {
        let shown = RenderSpec.Appearance.shown(among: appearances.map(\.appearance))
        guard let fallback = shown.first?.appearance, let canvas = appearances.first?.render.canvas else { return "" }
        let sources = shown.dropFirst().reversed().map { setting, appearance in
            "<source media=\"\(setting.media ?? "all")\" srcset=\"\(sourceSet(appearance.spec))\">"
        }
        let image =
            "<img src=\"\(OutputText.markup(pngURL(fallback.spec, scale: 1)))\" srcset=\"\(sourceSet(fallback.spec))\" "
            + "width=\"\(OutputText.number(canvas.width))\" height=\"\(OutputText.number(canvas.height))\" "
            + "alt=\"\(OutputText.markup(fallback.spec.altText))\">"
        return document(
            of: spec, head: "<meta name=\"color-scheme\" content=\"light dark\">\n",
            style: "html, body {\n  margin: 0;\n}\nimg {\n  display: block;\n}\n",
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
    private static func element(for spec: RenderSpec, className: String) -> (open: String, close: String) {
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
