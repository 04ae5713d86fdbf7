import ReliefGeometry
import ReliefScene
import ReliefSpec

/// The CSS back end of any laid-out tree, a screen or a component's `/render` (the screen of that
/// component alone): the canvas rule (`.relief-canvas`, its size and background), then one class per
/// element, `.relief-screen-N` numbered in source order, each placed absolutely on the canvas where
/// the layout put it. The HTML page of the tree holds exactly this stylesheet.
///
/// A component's rules are its surfaces (``SceneSurfaces``) under its class, placed by its outline,
/// each further surface (the switch's knob) a rule of its own placed inside it. Each surface is a
/// box of its outline: `border-radius` its corner radius, `background` its fills (gradients at the
/// angle and stops that put every colour where the scene has it), `box-shadow` its shadows (CSS
/// blur = 2σ) and its inner edges (`inset`, spread to the stroke's inner half). A ring is the
/// border: the box grows by half the stroke and a negative margin keeps its place, so the border
/// covers the stroke exactly and the shadows are cast from its outer edge, as the scene casts them
/// from fill and ring together. CSS cannot chain shadows or mask one shadow; the stylesheet's
/// comment says which of those the components needed. A text's rules set its font, colour and
/// lines; an icon's and a divider's their box and colour; a stack's its box and, for a panel
/// (`.style`, `.color`), its background.
enum CSSRenderer: AdaptingFormatWriter {
    static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
        stylesheet(of: screen, parts: try screen.parts(by: renderer))
    }

    /// The stylesheet of `screen`, whose elements are `parts`.
    static func stylesheet(of screen: LaidOutScreen, parts: [ScreenPart]) -> String {
        comment("Relief: " + screen.summary + ". " + layoutNote(margin: screen.margin) + approximations(parts)) + "\n"
            + rules(of: screen, parts: parts).joined(separator: "\n")
    }

    /// The rules of every appearance of a `scheme=auto` answer, under one set of classes: the light
    /// picture's, then each other's in the media query that shows it, later blocks winning where
    /// several match (``RenderSpec/Appearance/shown(among:)``).
    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, screen: LaidOutScreen)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String {
        let shown = RenderSpec.Appearance.shown(among: appearances.map(\.appearance))
        var allParts: [ScreenPart] = []
        let blocks = try shown.compactMap { setting, appearance -> String? in
            guard let screen = appearances.first(where: { $0.appearance == appearance })?.screen else { return nil }
            let parts = try screen.parts(by: renderer)
            allParts += parts
            let rules = rules(of: screen, parts: parts)
            guard let media = setting.media else { return rules.joined(separator: "\n") }
            let lines = rules.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            return "@media \(media) {\n" + lines.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n}\n"
        }
        let names: [String] = shown.map { setting, appearance in
            let contrast = appearance.contrast == .high ? " at contrast=high" : ""
            return (setting.media ?? "by default") + ": " + appearance.spec.look.style.rawValue + contrast
        }
        let margin = appearances.first?.screen.margin ?? 0
        return comment(
            "Relief: " + spec.summary + ". " + layoutNote(margin: margin) + " Each appearance, "
                + names.joined(separator: "; ") + "." + approximations(allParts)) + "\n" + blocks.joined(separator: "\n")
    }

    /// What the classes are, for the stylesheet's comment.
    private static func layoutNote(margin: Double) -> String {
        "The canvas is .relief-canvas, the layout " + OutputText.number(margin) + " points inside it; each element "
            + "is .relief-screen-N, numbered in source order, placed where the layout puts it."
    }

    /// What CSS had to simplify in `parts`, each once, for the stylesheet's comment.
    private static func approximations(_ parts: [ScreenPart]) -> String {
        var notes: [String] = []
        for note in parts.flatMap({ $0.surfaces?.approximations ?? [] }) where !notes.contains(note) {
            notes.append(note)
        }
        return notes.isEmpty ? "" : " As close as CSS comes: " + notes.joined(separator: "; ") + "."
    }

    /// The rules of `screen`, whose elements are `parts`: the canvas's, then each element's.
    private static func rules(of screen: LaidOutScreen, parts: [ScreenPart]) -> [String] {
        [HTMLPage.canvasRule(screen.canvas, background: screen.scene.background), HTMLPage.glyphsRule]
            + parts.flatMap(rules(of:))
    }

    /// The rules without a comment: the component's, then its parts'.
    static func rules(_ surfaces: SceneSurfaces, className: String) -> [String] {
        guard let component = surfaces.surfaces.first else { return [rule("." + className, ["position: relative;"])] }
        // Parts are placed from the inside of the component's border.
        let origin = paddingBox(of: component).origin
        return surfaces.surfaces.enumerated().map { index, surface in
            let selector = index == 0 ? className : className + "-knob" + (index > 1 ? "-\(index)" : "")
            let placement =
                index == 0
                ? ["position: relative;"]
                : [
                    "position: absolute;",
                    "left: \(px(surface.outline.rect.minX - origin.x));",
                    "top: \(px(surface.outline.rect.minY - origin.y));",
                ]
            return rule("." + selector, placement + declarations(surface))
        }
    }

    /// A rule of `declarations` for `selector`, each on a line of its own.
    static func rule(_ selector: String, _ declarations: [String]) -> String {
        selector + " {\n" + declarations.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
    }

    /// Where a surface's border ends, in canvas points: its outline, less half its ring.
    static func paddingBox(of surface: SceneSurfaces.Surface) -> Rect {
        surface.outline.rect.insetBy((surface.ring?.lineWidth ?? 0) / 2)
    }

    /// Size, border, background and shadows of one surface.
    private static func declarations(_ surface: Surface) -> [String] {
        let outline = surface.outline
        let half = (surface.ring?.lineWidth ?? 0) / 2
        let box = outline.rect.insetBy(-half)
        var lines = [
            "box-sizing: border-box;",
            "width: \(px(box.width));",
            "height: \(px(box.height));",
            "margin: \(px(-half));",
            "padding: 0;",
            "appearance: none;",
        ]
        let isRound =
            outline.cornerRadius * 2 >= min(outline.rect.width, outline.rect.height)
            && outline.rect.width == outline.rect.height
        lines.append("border-radius: \(isRound ? "50%" : px(outline.cornerRadius + half));")

        // Top first. Faces clip to the inside of the border; a gradient ring is the bottom layer,
        // seen in the border. A colour alone reads best as itself, which CSS allows at the bottom only.
        var layers: [String] = []
        let ringLayer: String? = surface.ring.flatMap { ring in
            if case .color = ring.paint.fill { return nil }
            return image(ring.paint, box: box) + " border-box"
        }
        for (index, face) in surface.faces.reversed().enumerated() {
            if index == surface.faces.count - 1, ringLayer == nil, case .color(let color) = face.fill {
                layers.append(Self.color(color) + (surface.ring == nil ? "" : " padding-box"))
            } else {
                layers.append(image(face, box: box) + (surface.ring == nil ? "" : " border-box padding-box"))
            }
        }
        layers += ringLayer.map { [$0] } ?? []
        if let ring = surface.ring {
            let paint = if case .color(let color) = ring.paint.fill { Self.color(color) } else { "transparent" }
            lines.append("border: \(px(ring.lineWidth)) solid \(paint);")
        } else {
            lines.append("border: none;")
        }
        if !layers.isEmpty {
            lines.append("background: " + layers.joined(separator: ", ") + ";")
        }

        // Listed top first: inner edges, last drawn first, then the shadows nearest the content.
        let inset = surface.innerEdges.reversed().map { edge in
            "inset \(px(edge.offset.x)) \(px(edge.offset.y)) \(px(2 * edge.blur)) \(px(edge.lineWidth / 2 - half)) \(color(edge.color))"
        }
        let outer = surface.shadows.map { shadow in
            "\(px(shadow.x)) \(px(shadow.y)) \(px(2 * shadow.radius)) 0 \(color(shadow.color))"
        }
        if !(inset + outer).isEmpty {
            lines.append("box-shadow: " + (inset + outer).joined(separator: ", ") + ";")
        }
        return lines
    }

    /// `painted` as a background over `box` (canvas points): a colour as itself, a gradient as in
    /// ``image(_:box:)``.
    static func background(_ painted: SceneSurfaces.FramedFill, box: Rect) -> String {
        if case .color(let color) = painted.fill { return Self.color(color) }
        return image(painted, box: box)
    }

    /// `painted` as a background image over `box` (canvas points): a colour, or a linear gradient whose
    /// colours fall where the scene puts them (SPEC §1: constant along lines perpendicular to the
    /// axis from the start point to the end point of its frame).
    static func image(_ painted: SceneSurfaces.FramedFill, box: Rect) -> String {
        switch painted.fill {
        case .color(let color):
            return "linear-gradient(\(Self.color(color)), \(Self.color(color)))"
        case .linearGradient(let from, let to, let start, let end):
            guard let line = GradientLine(start: start, end: end, frame: painted.frame, box: box) else {
                return "linear-gradient(\(color(to)), \(color(to)))"
            }
            let percent = { (position: Double) in OutputText.number(position * 100) + "%" }
            return
                "linear-gradient(\(OutputText.number(line.degrees))deg, \(color(from)) \(percent(line.from)), \(color(to)) \(percent(line.to)))"
        }
    }

    /// `#rrggbb`, or `rgba(r, g, b, a)` when translucent.
    static func color(_ color: Color) -> String {
        guard color.alpha < 1 else { return OutputText.hex(color) }
        let channels = OutputText.bytes(of: color).map(String.init) + [OutputText.number(color.alpha)]
        return "rgba(" + channels.joined(separator: ", ") + ")"
    }

    /// A length in CSS pixels, one a point.
    static func px(_ points: Double) -> String {
        points == 0 ? "0" : OutputText.number(points) + "px"
    }

    /// `text` as a CSS comment that cannot end early.
    static func comment(_ text: String) -> String {
        "/* " + text.replacing("*/", with: "* /") + " */"
    }

    /// The rules of one element.
    private static func rules(of part: ScreenPart) -> [String] {
        if let component = part.component, let surfaces = part.surfaces {
            return [
                HTMLPage.placementRule(
                    part.className, surfaces: surfaces, frame: component.scene.frame, offset: part.componentOffset)
            ] + rules(surfaces, className: part.className)
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
            // Lines of different lengths sit in the frame as `.multilineTextAlignment` puts them, the
            // leading edge being the start of each line's own direction.
            switch part.placed.font.alignment {
            case .leading: break
            case .center: declarations.append("text-align: center;")
            case .trailing: declarations.append("text-align: end;")
            }
            // `.lineLimit`: the words past the lines drawn stay in the page, below the frame, clipped.
            if part.placed.font.lineLimit != nil { declarations.append("overflow-y: clip;") }
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

    private typealias Surface = SceneSurfaces.Surface
}
