import ReliefGeometry
import ReliefScene
import ReliefScreen
import ReliefSpec

/// The design-token back end of any laid-out tree, a screen or a component's `/render` (its
/// one-element screen): the tree's colours, shadows, radii, sizes and fonts in the Design Tokens
/// Community Group's format 2025.10 (`$type`, `$value`, `$description`, `$extensions`), grouped under
/// `relief` (docs/FORMATS.md), so that tools built on the standard read them as they are.
///
/// Under `relief` are the canvas's size, the margin, the layout's size and the background, then
/// under `relief.elements` a group for every element, keyed by its class (`relief-screen-N`, in
/// source order): its frame on the canvas, its tokens, and in `$extensions.org.relief` its
/// element's name and where it starts in the layout. A component's tokens are its surfaces and their
/// shadows, read from its laid-out scene (``SceneSurfaces``), and its icon and text, read from its
/// view tree (the `/render` URL of its picture beside them); a text's are its colour and font, an
/// icon's its colour and size, a divider's its colour, a panel's its background. Every value is the
/// scene's: colours as sRGB components with their hex, dimensions `{value, unit}` in points written
/// `px` (a CSS pixel a point), gradients as the stops CSS draws at the angle in
/// `$extensions.org.relief`, shadows with CSS's blur (2σ) and, in `$extensions.org.relief`,
/// SwiftUI's radius (σ) and offsets as the recipe writes them.
enum DesignTokens: TextFormatWriter {
    static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
        var page = Groups()
        page.addCanvas(screen.canvas, margin: screen.margin, background: screen.scene.background)
        page.sizes.append(.init(name: "layout", value: size(screen.drawing.size)))
        let elements = try screen.parts(by: renderer).map {
            JSONValue.Member(name: $0.className, value: try group(of: $0, shaper: renderer.textShaper))
        }
        let json = JSONValue.object([
            .init(name: "$description", value: .string("Relief design tokens: \(screen.summary). " + description)),
            .init(name: "relief", value: .object(page.members + [.init(name: "elements", value: .object(elements))])),
        ])
        return String(decoding: json.serialized(indent: 2), as: UTF8.self)
    }

    /// What the values mean and where they are, for a document's description.
    private static let description =
        "Design Tokens Community Group format 2025.10. Dimensions are points, written px (a CSS pixel a point); "
        + "a shadow's blur is CSS's (twice SwiftUI's radius, which $extensions.org.relief gives); a gradient's stops "
        + "are where CSS's linear-gradient at $extensions.org.relief.angle puts them. Each element is a group of "
        + "relief.elements, relief-screen-N in source order: its frame on the canvas, its tokens (a component's "
        + "surfaces, shadows, icon and text), and in $extensions its element and where it starts in the layout."

    /// One element's group: its frame on the canvas, what it is, and its tokens.
    private static func group(of part: ScreenPart, shaper: any TextShaper) throws -> JSONValue {
        let placed = part.placed
        var about: [JSONValue.Member] = [
            .init(name: "element", value: .string(placed.name)),
            .init(name: "line", value: .integer(placed.location.line)),
            .init(name: "column", value: .integer(placed.location.column)),
        ]
        var groups = Groups()
        if let component = part.component, let surfaces = part.surfaces {
            about.append(.init(name: "render", value: .string("/render?" + component.spec.canonicalQuery)))
            groups.addSurfaces(surfaces)
            try groups.addMarks(of: component.scene.content, frame: component.scene.frame, shaper: shaper)
        } else {
            var marks: [View] = []
            for placement in part.drawn {
                switch (placed.role, placement.view) {
                case (.stack, .fill(_, let fill)):
                    groups.colors.append(.init(name: "background", value: paint(fill, frame: placement.frame)))
                case (.divider, .fill(_, let fill)):
                    groups.colors.append(.init(name: "divider", value: paint(fill, frame: placement.frame)))
                default:
                    marks.append(placement.view)
                }
            }
            // A text's lines together: one colour described by all its words, one font.
            if !marks.isEmpty { try groups.addMarks(of: .zStack(marks), frame: part.frame, shaper: shaper) }
        }
        let frame = part.frame
        let box: [JSONValue.Member] = [
            .init(name: "x", value: dimension(frame.minX)), .init(name: "y", value: dimension(frame.minY)),
            .init(name: "width", value: dimension(frame.width)), .init(name: "height", value: dimension(frame.height)),
        ]
        return .object(
            [
                .init(name: "$description", value: .string("\(placed.name) at \(part.location)")),
                .init(name: "$extensions", value: .object([.init(name: "org.relief", value: .object(about))])),
                .init(name: "frame", value: .object(box)),
            ] + groups.members)
    }

    /// Tokens by group (colour, shadow, radius, size, font), each group's in the order added.
    private struct Groups {
        var colors: [JSONValue.Member] = []
        var shadows: [JSONValue.Member] = []
        var radii: [JSONValue.Member] = []
        var sizes: [JSONValue.Member] = []
        var fonts: [JSONValue.Member] = []

        /// The groups that hold tokens, in the document's order.
        var members: [JSONValue.Member] {
            [("color", colors), ("shadow", shadows), ("radius", radii), ("size", sizes), ("font", fonts)]
                .filter { !$0.1.isEmpty }.map { JSONValue.Member(name: $0.0, value: .object($0.1)) }
        }

        /// The canvas's size, the margin and the background over the whole canvas.
        mutating func addCanvas(_ canvas: Size, margin: Double, background: Fill?) {
            sizes += [
                .init(name: "canvas", value: DesignTokens.size(canvas)),
                .init(name: "margin", value: DesignTokens.dimension(margin)),
            ]
            if let background {
                let whole = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
                colors.append(.init(name: "background", value: DesignTokens.paint(background, frame: whole)))
            }
        }

        /// Each surface's paints, shadows, radius and size: `surface`, then `knob`, `knob-2`….
        mutating func addSurfaces(_ surfaces: SceneSurfaces) {
            for (index, surface) in surfaces.surfaces.enumerated() {
                let name = index == 0 ? "surface" : "knob" + (index > 1 ? "-\(index)" : "")
                var paints: [JSONValue.Member] = surface.faces.enumerated().map { faceIndex, face in
                    .init(
                        name: faceIndex == 0 ? "face" : "face-\(faceIndex + 1)",
                        value: DesignTokens.paint(face.fill, frame: face.frame))
                }
                var size: [JSONValue.Member] = [
                    .init(name: "width", value: DesignTokens.dimension(surface.outline.rect.width)),
                    .init(name: "height", value: DesignTokens.dimension(surface.outline.rect.height)),
                ]
                if let ring = surface.ring {
                    paints.append(.init(name: "ring", value: DesignTokens.paint(ring.paint.fill, frame: ring.paint.frame)))
                    size.append(.init(name: "ring", value: DesignTokens.dimension(ring.lineWidth)))
                }
                colors.append(.init(name: name, value: .object(paints)))
                var cast: [JSONValue.Member] = []
                if !surface.shadows.isEmpty {
                    cast.append(.init(name: "outer", value: DesignTokens.shadows(surface.shadows)))
                }
                if !surface.innerEdges.isEmpty {
                    cast.append(.init(name: "inner", value: DesignTokens.innerEdges(surface.innerEdges)))
                }
                if !cast.isEmpty { shadows.append(.init(name: name, value: .object(cast))) }
                radii.append(.init(name: name, value: DesignTokens.dimension(surface.outline.cornerRadius)))
                sizes.append(.init(name: name, value: .object(size)))
            }
        }

        /// The icon and the text `view` draws in `frame`: their colours (`text`, or `text-1`, `text-2`…
        /// for several, each described by its words), the icon's size and the text's fonts, each line's
        /// height as `shaper` measures it.
        mutating func addMarks(of view: View, frame: Rect, shaper: any TextShaper) throws {
            let marks = Marks(view)
            if let icon = marks.icon {
                colors.append(.init(name: "icon", value: DesignTokens.paint(icon.fill, frame: frame)))
                sizes.append(.init(name: "icon", value: DesignTokens.dimension(icon.size)))
            }
            let textColors = marks.runs.reduce(into: [Color]()) { if !$0.contains($1.color) { $0.append($1.color) } }
            for (index, color) in textColors.enumerated() {
                let words = marks.runs.filter { $0.color == color }.map(\.string)
                colors.append(
                    .init(
                        name: textColors.count == 1 ? "text" : "text-\(index + 1)",
                        value: DesignTokens.token(
                            "color", DesignTokens.color(color), description: words.joined(separator: " "))))
            }
            let styles = try marks.runs.reduce(into: [JSONValue]()) { styles, run in
                let style = try DesignTokens.typography(run, shaper: shaper)
                if !styles.contains(style) { styles.append(style) }
            }
            fonts += styles.enumerated().map { index, style in
                JSONValue.Member(name: styles.count == 1 ? "text" : "text-\(index + 1)", value: style)
            }
        }
    }

    /// The icon and the text of a view tree, in drawing order.
    private struct Marks {
        var icon: (fill: Fill, size: Double)?
        var runs: [TextRun] = []

        init(_ view: View) {
            visit(view)
        }

        private mutating func visit(_ view: View) {
            switch view {
            case .empty, .spacer, .fill, .stroke:
                break
            case .text(let run):
                runs.append(run)
            case .lines(let lines):
                runs += lines
            case .artwork(_, let size, let fill):
                icon = icon ?? (fill, size)
            case .zStack(let children), .hStack(let children, _), .vStack(let children, _):
                for child in children { visit(child) }
            case .overlay(let base, let top):
                visit(base)
                visit(top)
            case .frame(let child, _, _), .padding(let child, _), .shadow(let child, _), .blur(let child, _),
                .offset(let child, _, _), .layoutOffset(let child, _, _), .mask(let child, _), .opacity(let child, _):
                visit(child)
            }
        }
    }

    private static func token(
        _ type: String, _ value: JSONValue, description: String? = nil,
        extensions: JSONValue? = nil
    ) -> JSONValue {
        .object([
            "$type": .string(type),
            "$value": value,
            "$description": description.map(JSONValue.string),
            "$extensions": extensions.map { .object(["org.relief": $0]) },
        ])
    }

    /// A width and a height.
    private static func size(_ size: Size) -> JSONValue {
        .object([.init(name: "width", value: dimension(size.width)), .init(name: "height", value: dimension(size.height))])
    }

    private static func dimension(_ points: Double) -> JSONValue {
        token("dimension", dimensionValue(points))
    }

    /// A length in points as the format's dimension: `{"value": 12, "unit": "px"}`, a CSS pixel a point.
    private static func dimensionValue(_ points: Double) -> JSONValue {
        .object(["value": .number(OutputText.rounded(points)), "unit": .string("px")])
    }

    /// The format's colour: sRGB components from 0 to 1, the alpha when translucent, and the hex of
    /// the 8-bit channels (`#rrggbb`), which tools without colour spaces read.
    private static func color(_ color: Color) -> JSONValue {
        .object([
            "colorSpace": .string("srgb"),
            "components": .array([color.red, color.green, color.blue].map { .number(OutputText.rounded($0)) }),
            "alpha": color.alpha < 1 ? .number(OutputText.rounded(color.alpha)) : nil,
            "hex": .string(OutputText.hex(color)),
        ])
    }

    /// A colour token, or a gradient token: its two stops where CSS's gradient line at `angle` over
    /// `frame` puts them (``GradientLine``), and in `$extensions` that angle and SwiftUI's start and
    /// end points (unit points of the frame), between which the colours run from the first to the last.
    private static func paint(_ fill: Fill, frame: Rect) -> JSONValue {
        switch fill {
        case .color(let color):
            return token("color", Self.color(color))
        case .linearGradient(let from, let to, let start, let end):
            // An axis without length paints the last colour everywhere, as the scene does.
            guard let line = GradientLine(start: start, end: end, frame: frame, box: frame) else {
                return token("color", color(to))
            }
            let stops: JSONValue = .array(
                [(from, line.from), (to, line.to)].map { color, position in
                    .object(["color": Self.color(color), "position": .number(OutputText.rounded(position))])
                })
            let point = { (unit: UnitPoint) in JSONValue.object(["x": .number(unit.x), "y": .number(unit.y)]) }
            return token(
                "gradient", stops,
                extensions: .object([
                    "angle": .number(OutputText.rounded(line.degrees)), "start": point(start), "end": point(end),
                ]))
        }
    }

    /// Outer shadows, the one nearest the content first.
    private static func shadows(_ shadows: [Shadow]) -> JSONValue {
        token(
            "shadow",
            .array(shadows.map { shadow(color: $0.color, x: $0.x, y: $0.y, sigma: $0.radius, spread: 0, inset: false) }),
            extensions: .object([
                "swiftui": .array(
                    shadows.map { shadow in
                        .object(["radius": .number(shadow.radius), "x": .number(shadow.x), "y": .number(shadow.y)])
                    })
            ]))
    }

    /// Inner edges as inset shadows, the topmost first, and as the recipe draws them: a stroke
    /// of `lineWidth`, blurred by `radius`, moved by x and y, inside the shape.
    private static func innerEdges(_ edges: [SceneSurfaces.InnerEdge]) -> JSONValue {
        let topFirst = edges.reversed()
        return token(
            "shadow",
            .array(
                topFirst.map {
                    shadow(
                        color: $0.color, x: $0.offset.x, y: $0.offset.y, sigma: $0.blur,
                        spread: $0.lineWidth / 2, inset: true)
                }),
            extensions: .object([
                "swiftui": .array(
                    topFirst.map { edge in
                        .object([
                            "lineWidth": .number(edge.lineWidth), "radius": .number(edge.blur),
                            "x": .number(edge.offset.x), "y": .number(edge.offset.y),
                        ])
                    })
            ]))
    }

    private static func shadow(color: Color, x: Double, y: Double, sigma: Double, spread: Double, inset: Bool) -> JSONValue {
        .object([
            "color": Self.color(color),
            "offsetX": dimensionValue(x),
            "offsetY": dimensionValue(y),
            "blur": dimensionValue(2 * sigma),
            "spread": dimensionValue(spread),
            "inset": inset ? .bool(true) : nil,
        ])
    }

    /// The format's typography, which holds every field: the run's letters are drawn without extra
    /// spacing, and its line is as high as `shaper` measures it (ascent and descent, over the size).
    private static func typography(_ run: TextRun, shaper: any TextShaper) throws -> JSONValue {
        token(
            "typography",
            .object([
                "fontFamily": .array(run.font.familyNames.map(JSONValue.string)),
                "fontSize": dimensionValue(run.size),
                "fontWeight": .integer(run.weight.number),
                "letterSpacing": dimensionValue(0),
                "lineHeight": .number(OutputText.rounded(try shaper.measure(run).lineHeight / run.size)),
            ]), extensions: run.language.map { .object(["language": .string($0)]) })
    }
}

extension TextWeight {
    /// The weight as CSS and the design tokens number it.
    var number: Int {
        switch self {
        case .regular: 400
        case .semibold: 600
        case .bold: 700
        }
    }
}

extension RenderSpec.Font {
    /// The families a label in this font is drawn with, the family's own face first, as a CSS font
    /// stack names them (docs/RENDERING.md, "Fonts").
    var familyNames: [String] {
        switch self {
        case .sans: ["Inter", "Noto Sans", "sans-serif"]
        case .serif: ["Noto Serif", "serif"]
        case .rounded: ["Comfortaa", "Noto Sans", "sans-serif"]
        case .mono: ["DejaVu Sans Mono", "Noto Sans Mono", "monospace"]
        }
    }
}
