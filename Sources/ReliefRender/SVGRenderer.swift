import Foundation
import ReliefGeometry
import ReliefPNG
import ReliefRaster
import ReliefScene
import ReliefSpec

/// The SVG back end: walks a laid-out scene as ``PixelRenderer`` does and writes each node as the
/// SVG 1.1 that means the same under SPEC §1, one user unit a point.
///
/// - Shadows and blurs are `feGaussianBlur` filters with σ in points as `stdDeviation`, in sRGB
///   (`color-interpolation-filters`), over a filter region as large as what they must fill plus
///   what can reach it (the rasterizer's reach, 4σ), so nothing is clipped.
/// - Masks keep their content by the mask's alpha: the mask is written in white at its own alpha,
///   so SVG 1.1's luminance masks read exactly that alpha.
/// - Gradients are `userSpaceOnUse` between the unit points resolved in their frame; a stop that is
///   clear takes the other stop's colour, so SVG's straight-alpha interpolation equals the
///   rasterizer's premultiplied one.
/// - Offsets are `translate` groups around their content, so a mask around them stays in place.
/// - Text and icons are outlines (`path`), colour glyphs embedded PNGs (`data:` URLs): the
///   document refers to nothing outside itself and holds no script.
struct SVGRenderer {
    /// Gradients, filters and masks the walk needed, in order.
    private var definitions: [String] = []
    /// The ids of gradients by their markup, so a gradient used twice is defined once.
    private var gradientIDs: [String: String] = [:]
    /// What every id starts with: empty in a document, unique to each SVG inlined in a page of several.
    private var idPrefix = ""

    /// The standalone document of `scene`, whose laid-out component is `content`, on a canvas of
    /// `canvas` points, which is also its size in CSS pixels.
    static func document(of scene: Scene, content: PlacedNode, canvas: Size, title: String) throws -> String {
        var writer = SVGRenderer()
        let drawing = try writer.drawing(of: scene, content: content, canvas: canvas)
        return writer.document(drawing, canvas: canvas, title: title)
    }

    /// The standalone document of a `scheme=auto` answer: each picture of `appearances`, laid out, in a
    /// group of class `appearance-NAME`, and a `<style>` whose media queries (`prefers-color-scheme:
    /// dark`, `prefers-contrast: more`, both) show the one picture the viewer's settings pick. Without
    /// media queries the first light picture shows.
    static func document(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, scene: Scene, content: PlacedNode, canvas: Size)],
        title: String
    ) throws -> String {
        var writer = SVGRenderer()
        let canvas = Size(appearances.map(\.canvas.width).max() ?? 0, appearances.map(\.canvas.height).max() ?? 0)
        var groups: [String] = []
        for (appearance, scene, content, _) in appearances {
            let drawing = try writer.drawing(of: scene, content: content, canvas: canvas)
            groups.append("<g class=\"\(className(appearance))\">\n\(drawing)\n</g>")
        }
        let style = "<style>\n" + switchingRules(appearances.map(\.appearance)) + "</style>\n"
        return writer.document(style + groups.joined(separator: "\n"), canvas: canvas, title: title)
    }

    /// The class of an appearance's group.
    static func className(_ appearance: RenderSpec.Appearance) -> String {
        "appearance-" + appearance.name
    }

    /// The rules that show one of `appearances` and hide the others: the light standard picture by
    /// default, then a block for each setting, later blocks winning where both match.
    private static func switchingRules(_ appearances: [RenderSpec.Appearance]) -> String {
        RenderSpec.Appearance.shown(among: appearances).map { setting, shown in
            let hidden = appearances.filter { $0 != shown }.map { "." + className($0) }.joined(separator: ", ")
            let block = "\(hidden) { display: none }\n.\(className(shown)) { display: inline }\n"
            return setting.media.map { "@media \($0) {\n\(block)}\n" } ?? block
        }.joined()
    }

    /// The background and component of a scene, over the whole canvas.
    private mutating func drawing(of scene: Scene, content: PlacedNode, canvas: Size) throws -> String {
        let whole = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var drawing = ""
        if let background = scene.background {
            drawing += Self.rectangle(whole, cornerRadius: 0, paint(background, frame: whole, property: "fill")) + "\n"
        }
        return drawing + (try markup(content, region: whole))
    }

    /// The `<svg>` document around `drawing`, with the definitions the walk made.
    private func document(_ drawing: String, canvas: Size, title: String) -> String {
        let (width, height) = (OutputText.number(canvas.width), OutputText.number(canvas.height))
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" \
            width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <title>\(OutputText.markup(title))</title>
            \(definitionsElement)\(drawing)
            </svg>

            """
    }

    /// `nodes` (a component's icon and words) as an `<svg>` element for an HTML page, showing
    /// `viewport` of the canvas at its size in CSS pixels; hidden from assistive technology, since
    /// the element it decorates carries the words. Its definitions' ids start with `idPrefix`, which
    /// keeps them apart from those of the page's other SVGs.
    static func inlineElement(of nodes: [PlacedNode], viewport: Rect, idPrefix: String = "") throws -> String {
        var writer = SVGRenderer()
        writer.idPrefix = idPrefix
        let drawing = try nodes.map { try writer.markup($0, region: viewport) }.joined(separator: "\n")
        let box = [viewport.minX, viewport.minY, viewport.width, viewport.height].map(OutputText.number)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(box.joined(separator: " "))" width="\(box[2])" \
            height="\(box[3])" aria-hidden="true" focusable="false">
            \(writer.definitionsElement)\(drawing)
            </svg>
            """
    }

    private var definitionsElement: String {
        definitions.isEmpty ? "" : "<defs>\n" + definitions.joined(separator: "\n") + "\n</defs>\n"
    }

    /// The markup of `node`, which must be right over `region` (in the node's user space). With
    /// `asAlpha`, every colour is white at its alpha: the content of a mask.
    private mutating func markup(_ node: PlacedNode, region: Rect, asAlpha: Bool = false) throws -> String {
        switch node {
        case .fill(let shape, let fill, let frame):
            return Self.rectangle(
                shape.rect, cornerRadius: shape.cornerRadius, paint(fill, frame: frame, property: "fill", asAlpha))
        case .stroke(let shape, let fill, let lineWidth, let frame):
            let stroke =
                "fill=\"none\" stroke-width=\"\(OutputText.number(lineWidth))\" "
                + paint(fill, frame: frame, property: "stroke", asAlpha)
            return Self.rectangle(shape.rect, cornerRadius: shape.cornerRadius, stroke)
        case .path(let path, let fill, let frame):
            return "<path d=\"\(Self.pathData(path))\" \(paint(fill, frame: frame, property: "fill", asAlpha))/>"
        case .bitmap(let bitmap):
            return try Self.image(bitmap, asAlpha: asAlpha)
        case .group(let children):
            return try children.map { try markup($0, region: region, asAlpha: asAlpha) }.joined(separator: "\n")
        case .shadow(let child, let shadow):
            // Everything that casts into the region: the region moved back by the offset, with the blur's reach.
            let source = region.union(region.offsetBy(Point(-shadow.x, -shadow.y))).insetBy(-Self.reach(shadow.radius))
            let content = try markup(child, region: source, asAlpha: asAlpha)
            let tint = asAlpha ? Color.white.opacity(shadow.color.alpha) : shadow.color
            let blur =
                shadow.radius > 0
                ? "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(OutputText.number(shadow.radius))\"/>\n" : ""
            let id = define(
                "shadow",
                """
                <filter id="ID" \(Self.regionAttributes(source, units: "filterUnits")) color-interpolation-filters="sRGB">
                \(blur)<feOffset \(blur.isEmpty ? "in=\"SourceAlpha\" " : "")dx="\(OutputText.number(shadow.x))" \
                dy="\(OutputText.number(shadow.y))" result="moved"/>
                <feFlood flood-color="\(OutputText.hex(tint))" flood-opacity="\(OutputText.number(tint.alpha))"/>
                <feComposite in2="moved" operator="in"/>
                <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
                </filter>
                """)
            return "<g filter=\"url(#\(id))\">\n\(content)\n</g>"
        case .blur(let child, let radius):
            guard radius > 0 else { return try markup(child, region: region, asAlpha: asAlpha) }
            let source = region.insetBy(-Self.reach(radius))
            let content = try markup(child, region: source, asAlpha: asAlpha)
            let id = define(
                "blur",
                """
                <filter id="ID" \(Self.regionAttributes(source, units: "filterUnits")) color-interpolation-filters="sRGB">
                <feGaussianBlur stdDeviation="\(OutputText.number(radius))"/>
                </filter>
                """)
            return "<g filter=\"url(#\(id))\">\n\(content)\n</g>"
        case .opacity(let child, let amount):
            let content = try markup(child, region: region, asAlpha: asAlpha)
            return "<g opacity=\"\(OutputText.number(amount))\">\n\(content)\n</g>"
        case .offset(let child, let delta):
            let content = try markup(child, region: region.offsetBy(Point(-delta.x, -delta.y)), asAlpha: asAlpha)
            return "<g transform=\"translate(\(OutputText.number(delta.x)) \(OutputText.number(delta.y)))\">\n\(content)\n</g>"
        case .mask(let content, let mask):
            let kept = try markup(content, region: region, asAlpha: asAlpha)
            let alpha = try markup(mask, region: region, asAlpha: true)
            let id = define(
                "mask",
                """
                <mask id="ID" \(Self.regionAttributes(region, units: "maskUnits"))>
                \(alpha)
                </mask>
                """)
            return "<g mask=\"url(#\(id))\">\n\(kept)\n</g>"
        }
    }

    /// The attributes that paint `property` (`fill` or `stroke`) with `fill` across `frame`.
    private mutating func paint(_ fill: Fill, frame: Rect, property: String, _ asAlpha: Bool = false) -> String {
        switch fill {
        case .color(let color):
            let painted = asAlpha ? Color.white.opacity(color.alpha) : color
            let opacity = painted.alpha < 1 ? " \(property)-opacity=\"\(OutputText.number(painted.alpha))\"" : ""
            return "\(property)=\"\(OutputText.hex(painted))\"" + opacity
        case .linearGradient(let from, let to, let start, let end):
            let (a, b) = (start.resolved(in: frame), end.resolved(in: frame))
            // A clear stop takes the other's colour: straight-alpha interpolation then equals premultiplied.
            var stops = [from.alpha == 0 ? to.opacity(0) : from, to.alpha == 0 ? from.opacity(0) : to]
            if asAlpha { stops = stops.map { Color.white.opacity($0.alpha) } }
            let id = define(
                "gradient",
                """
                <linearGradient id="ID" gradientUnits="userSpaceOnUse" x1="\(OutputText.number(a.x))" \
                y1="\(OutputText.number(a.y))" x2="\(OutputText.number(b.x))" y2="\(OutputText.number(b.y))">
                \(stops.enumerated().map { offset, color in
                    "<stop offset=\"\(offset)\" stop-color=\"\(OutputText.hex(color))\" stop-opacity=\"\(OutputText.number(color.alpha))\"/>"
                }.joined(separator: "\n"))
                </linearGradient>
                """, reused: true)
            return "\(property)=\"url(#\(id))\""
        }
    }

    /// Adds the definition `markup` (whose id is written `ID`) and returns its id; with `reused`, an
    /// equal definition made before is returned instead.
    private mutating func define(_ kind: String, _ markup: String, reused: Bool = false) -> String {
        if reused, let id = gradientIDs[markup] { return id }
        let id = "\(idPrefix)\(kind)\(definitions.count)"
        definitions.append(markup.replacingOccurrences(of: "id=\"ID\"", with: "id=\"\(id)\""))
        if reused { gradientIDs[markup] = id }
        return id
    }

    private static func rectangle(_ rect: Rect, cornerRadius: Double, _ attributes: String) -> String {
        let corners =
            cornerRadius > 0 ? " rx=\"\(OutputText.number(cornerRadius))\" ry=\"\(OutputText.number(cornerRadius))\"" : ""
        return "<rect x=\"\(OutputText.number(rect.minX))\" y=\"\(OutputText.number(rect.minY))\" "
            + "width=\"\(OutputText.number(rect.width))\" height=\"\(OutputText.number(rect.height))\"\(corners) \(attributes)/>"
    }

    private static func pathData(_ path: Path) -> String {
        func point(_ p: Point) -> String { OutputText.number(p.x) + " " + OutputText.number(p.y) }
        return path.elements.map { element in
            switch element {
            case .move(let p): "M" + point(p)
            case .line(let p): "L" + point(p)
            case .quad(let c, let p): "Q" + point(c) + " " + point(p)
            case .cubic(let c1, let c2, let p): "C" + point(c1) + " " + point(c2) + " " + point(p)
            case .close: "Z"
            }
        }.joined()
    }

    /// The bitmap as an embedded PNG stretched over its frame; white at its alpha inside a mask.
    private static func image(_ bitmap: Bitmap, asAlpha: Bool) throws -> String {
        var straight = bitmap.rgba
        for pixel in stride(from: 0, to: straight.count, by: 4) {
            let alpha = Int(straight[pixel + 3])
            for channel in pixel..<(pixel + 3) {
                straight[channel] =
                    asAlpha ? 255 : alpha == 0 ? 0 : UInt8(min(255, (Int(straight[channel]) * 255 + alpha / 2) / alpha))
            }
        }
        let png = try PNGEncoder().encode(rgba: straight, width: bitmap.width, height: bitmap.height)
        let frame = bitmap.frame
        return "<image x=\"\(OutputText.number(frame.minX))\" y=\"\(OutputText.number(frame.minY))\" "
            + "width=\"\(OutputText.number(frame.width))\" height=\"\(OutputText.number(frame.height))\" "
            + "preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>"
    }

    /// How far a Gaussian of σ `radius` points reaches: the rasterizer's reach
    /// (``GaussianBlur/reachInSigmas``), and a point for the sub-pixel shift.
    private static func reach(_ radius: Double) -> Double {
        radius > 0 ? GaussianBlur.reachInSigmas * radius + 1 : 1
    }

    private static func regionAttributes(_ region: Rect, units: String) -> String {
        "\(units)=\"userSpaceOnUse\" x=\"\(OutputText.number(region.minX))\" y=\"\(OutputText.number(region.minY))\" "
            + "width=\"\(OutputText.number(region.width))\" height=\"\(OutputText.number(region.height))\""
    }
}
