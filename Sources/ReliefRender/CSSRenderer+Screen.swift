import ReliefGeometry
import ReliefScene
import ReliefScreen
import ReliefSpec

extension CSSRenderer {
    /// The CSS back end of a screen: the canvas rule (`.relief-canvas`, the screen's size and
    /// background), then one class per element, `.relief-screen-N` numbered in source order, each
    /// placed absolutely on the canvas where the layout put it. A component's rules are its own
    /// `format=css` rules under that class (``CSSRenderer/rules(_:className:)``), placed by its
    /// outline; a text's set its font, colour and lines; an icon's and a divider's their box and
    /// colour; a stack's its box and, for a panel (`.style`, `.color`), its background. The HTML page
    /// of the screen holds exactly this stylesheet.
    enum Screen: TextFormatWriter {
        typealias Render = LaidOutScreen
        static let format = RenderSpec.Format.css

        static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
            stylesheet(of: screen, parts: try screen.parts(by: renderer))
        }

        /// The stylesheet of `screen`, whose elements are `parts`.
        static func stylesheet(of screen: LaidOutScreen, parts: [ScreenPart]) -> String {
            var notes: [String] = []
            for note in parts.flatMap({ $0.surfaces?.approximations ?? [] }) where !notes.contains(note) {
                notes.append(note)
            }
            let approximations = notes.isEmpty ? "" : " As close as CSS comes: " + notes.joined(separator: "; ") + "."
            let header = comment(
                "Relief: " + screen.summary + ". The canvas is .relief-canvas, the layout "
                    + OutputText.number(screen.margin) + " points inside it; each element is .relief-screen-N, numbered "
                    + "in source order, placed where the layout puts it." + approximations)
            let rules =
                [HTMLPage.canvasRule(screen.canvas, background: screen.scene.background), HTMLPage.glyphsRule]
                + parts.flatMap(rules(of:))
            return header + "\n" + rules.joined(separator: "\n")
        }

        /// The rules of one element.
        private static func rules(of part: ScreenPart) -> [String] {
            if let component = part.component, let surfaces = part.surfaces {
                return [
                    HTMLPage.placementRule(
                        part.className, surfaces: surfaces, frame: component.scene.frame, offset: part.componentOffset)
                ] + CSSRenderer.rules(surfaces, className: part.className)
            }
            // A stack's box is all it takes, where its panel is painted; the others' their own frame.
            let box = if case .stack = part.placed.role { part.bounds } else { part.frame }
            var declarations = [
                "position: absolute;", "left: \(px(box.minX));", "top: \(px(box.minY));", "width: \(px(box.width));",
                "height: \(px(box.height));",
            ]
            var further: [String] = []
            switch part.placed.role {
            case .stack, .divider:
                if part.placed.role == .divider { declarations += ["margin: 0;", "border: none;"] }
                for placement in part.drawn {
                    guard case .fill(_, let fill) = placement.view else { continue }
                    declarations.append("background: " + background(.init(fill: fill, frame: placement.frame), box: box) + ";")
                }
            case .text:
                let lines = part.lines
                if let run = lines.first?.run {
                    declarations += [
                        "margin: 0;", "color: \(color(run.color));", "font-family: \(fontFamily(run.font));",
                        "font-size: \(px(run.size));", "font-weight: \(run.weight.number);", "white-space: pre;",
                    ]
                }
                // Each line is a block of its own height. Its baseline is where the drawing put it: a
                // line box of no height of its own, held open above the baseline by an empty
                // inline-block as tall as the ascent, whatever metrics the browser rounds the font to.
                let boxes = lines.map { [px($0.frame.height), px($0.ascent)] }
                let uniform = boxes.allSatisfy { $0 == boxes.first }
                further += lines.indices.prefix(uniform ? 1 : lines.count).flatMap { index in
                    let line = uniform ? "" : ":nth-child(\(index + 1))"
                    return [
                        rule(
                            ".\(part.className) > span\(line)",
                            ["display: block;", "height: \(boxes[index][0]);", "line-height: 0;"]),
                        rule(
                            ".\(part.className) > span\(line)::before",
                            ["content: \"\";", "display: inline-block;", "height: \(boxes[index][1]);"]),
                    ]
                }
            case .image, .spacer, .component:
                break
            }
            return [rule("." + part.className, declarations)] + further
        }

        /// The font's families as a CSS font stack: names with spaces quoted, the generic family last.
        private static func fontFamily(_ font: RenderSpec.Font) -> String {
            font.familyNames.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: ", ")
        }
    }
}
