import ReliefGeometry
import ReliefPNG
import ReliefRaster
import ReliefScene
import ReliefScreen
import ReliefSpec

/// A screen drawn as views and put on its canvas: the laid-out tree every format writes, a
/// component's `/render` being the screen of that component alone (``ScreenRequest/init(component:)``).
public struct LaidOutScreen: Sendable {
    public let drawing: ScreenDrawing
    /// The canvas: the layout with ``margin`` on every side, over the screen's background.
    public let scene: Scene
    /// The view tree placed on the canvas.
    let content: PlacedNode
    /// Points around the layout on every side.
    public let margin: Double
    /// The image's size in pixels, within the limits.
    public let pixels: (width: Int, height: Int)
    /// With `animate=true`, the change its PNG shows.
    let transition: ScreenTransition?

    var request: ScreenRequest { drawing.request }
    var output: RenderSpec.Output { drawing.request.page.output }

    /// The canvas in points as the PNG has it: its pixels at the output's scale.
    var canvas: Size {
        Size(Double(pixels.width) / output.scale, Double(pixels.height) / output.scale)
    }

    /// The component of a component's screen (`/render`'s, ``ScreenRequest/component``) as its own
    /// scene has it, moved to where the screen placed it on this canvas: its frame, outline and parts
    /// in the served image's points, over this canvas's background; nil for a screen of a layout.
    public var componentScene: Scene? {
        guard request.component != nil, drawing.elements.count == 1, let element = drawing.elements.first,
            let own = element.scene
        else { return nil }
        let offset = Point(
            margin + element.placed.frame.minX - own.frame.minX, margin + element.placed.frame.minY - own.frame.minY)
        return Scene(
            size: scene.size, background: scene.background, content: own.content, frame: own.frame.offsetBy(offset),
            outline: own.outline, outlineFrame: own.outlineFrame.offsetBy(offset), parts: own.parts.offsetBy(offset))
    }

    /// The frames of the screen's change (`animate=true`), which an image format's writer encodes:
    /// every element with a state to change animating together (``ScreenTransition``), drawn as
    /// SPEC §8 says (``Renderer/animation(from:to:times:sceneAt:output:pixels:tooLarge:supervisor:)``):
    /// the first frame is the screen with those elements in their other state, the last the still,
    /// pixel for pixel. A component's `animate=true` `/render` is this of its one-element screen.
    func animation(by renderer: Renderer, supervisor: RenderSupervisor) throws -> PNGEncoder.Animation {
        guard let transition, let animation = output.animation else { preconditionFailure("a still screen has no frames") }
        return try renderer.animation(
            from: drawing.scene(margin: margin, content: try transition.content(at: 0)), to: scene,
            times: transition.frameTimes(framesPerSecond: animation.framesPerSecond),
            sceneAt: { time in drawing.scene(margin: margin, content: try transition.content(at: time)) },
            output: output, pixels: pixels, tooLarge: output.animationTooLargeError, supervisor: supervisor)
    }
}

extension Renderer {
    /// `request` laid out with the installed fonts and put on its canvas: with the query's margin, or
    /// else `/render`'s default margin: as far as any shadow or blur shows past the layout
    /// (``PlacedNode/visibleBounds``: 3σ) with every element in either of its states, so that a still
    /// and the animation ending on it share their canvas, and at least the least margin of the
    /// components it holds (``ScreenRequest/leastMargin``), so that a screen of one component is
    /// the canvas of its `/render`.
    ///
    /// Throws a ``SpecError`` naming `source` (or `scale`, when above 1) when the screen is larger than
    /// the pixel limits, so every format of it is refused alike, before anything is drawn.
    public func laidOutScreen(_ request: ScreenRequest, glyphs: Scene.Glyphs = .drawn) throws -> LaidOutScreen {
        let drawing = try ScreenDrawing(request, glyphs: glyphs, shaper: textShaper)
        let transition = request.page.output.animation == nil ? nil : try ScreenTransition(drawing, shaper: textShaper)
        let scale = request.page.output.scale
        var margin = 0.0
        if let given = request.page.output.margin {
            margin = given
        } else {
            let contents = [drawing.content] + [try drawing.contentInOtherStates(shaper: textShaper)].compactMap { $0 }
            let reach = try contents.map { try $0.reach(pastFrameOf: drawing.size, shaper: textShaper) }.max() ?? 0
            margin = min(max(request.leastMargin, reach), RenderSpec.Limits.margin.upperBound)
        }
        let scene = drawing.scene(margin: margin)
        let pixels = Self.pixelSize(of: scene, scale: scale)
        guard RenderSpec.Limits.allow(pixels) else {
            // A component's `/render` is refused as its query's.
            if let spec = request.component { throw spec.grownImageError(pixels: pixels) }
            let parameter = scale > 1 ? "scale" : ScreenRequest.sourceName
            throw SpecError(
                parameter: parameter, allowed: "a screen within " + RenderSpec.Limits.pixelBounds,
                detail: "the screen is \(DecimalText.format(drawing.size.width))x\(DecimalText.format(drawing.size.height)) "
                    + "points with a margin of \(DecimalText.format(margin)), \(pixels.width)x\(pixels.height) pixels at scale "
                    + "\(DecimalText.format(scale)), more than the pixel budget of \(RenderSpec.Limits.pixelBounds); "
                    + "use a smaller layout, textsize or scale")
        }
        return LaidOutScreen(
            drawing: drawing, scene: scene, content: try scene.content.placed(in: scene.frame, shaper: textShaper),
            margin: margin, pixels: pixels, transition: transition)
    }
}

/// One element of a laid-out screen as the text formats write it: numbered in source order, which
/// names it in every format (the class `relief-screen-N` in CSS and HTML, the key in the design
/// tokens, the suffix of its SwiftUI types), and for a component its own scene laid out alone, which
/// the component writers read as they read a `/render`'s.
struct ScreenPart {
    /// From 1, in source order (the outermost element first, each stack before what it holds).
    let number: Int
    let element: ScreenDrawing.Element
    /// A component's scene laid out in its own frame (margin 0, its own points); nil for the layout's
    /// own elements.
    let component: LaidOutScene?
    /// A component's surfaces, in its own points, which CSS, HTML and the design tokens read.
    let surfaces: SceneSurfaces?
    /// A text's lines as drawn; none for other elements.
    let lines: [Line]
    /// Points around the layout on the canvas, which every canvas position adds.
    let margin: Double

    /// One line of a text as the drawing shaped and placed it.
    struct Line {
        let run: TextRun
        /// Its line box on the canvas, as high as the line's ascent and descent.
        let frame: Rect
        /// Where its baseline is below the frame's top.
        let ascent: Double
        let isRightToLeft: Bool
    }

    var placed: PlacedElement { element.placed }

    /// The class of the element in CSS and HTML, and its key in the design tokens.
    var className: String { "relief-screen-\(number)" }

    /// The element's frame on the canvas.
    var frame: Rect { placed.frame.offsetBy(Point(margin, margin)) }

    /// The space the element takes on the canvas, its padding and frames included: where a panel is painted.
    var bounds: Rect { placed.bounds.offsetBy(Point(margin, margin)) }

    /// What the drawing placed for the element, each in its frame on the canvas.
    var drawn: [(view: View, frame: Rect)] {
        element.drawn.map { ($0.view, $0.frame.offsetBy(Point(margin, margin))) }
    }

    /// How far a component's own points are moved on the canvas.
    var componentOffset: Point {
        guard let component else { return Point(frame.minX, frame.minY) }
        return Point(frame.minX - component.scene.frame.minX, frame.minY - component.scene.frame.minY)
    }

    /// Where the element starts in the layout, as the formats say it: `line 3, column 5`.
    var location: String { placed.location.description }

    /// A text's words past the lines its `.lineLimit` let the drawing show, from the first word left
    /// out; nil for a text drawn whole and for other elements.
    var textPastLineLimit: String? {
        guard placed.font.lineLimit != nil, case .string(let text)? = placed.arguments.first(where: { $0.label == nil })?.value
        else { return nil }
        var rest = text[...]
        for line in lines {
            guard let found = rest.firstRange(of: line.run.string) else { return nil }
            rest = rest[found.upperBound...]
        }
        let left = rest.drop { $0.isWhitespace }
        return left.isEmpty ? nil : String(left)
    }
}

extension LaidOutScreen {
    /// Every element of the screen in source order, each component's scene laid out with `renderer`'s fonts.
    func parts(by renderer: Renderer) throws -> [ScreenPart] {
        try drawing.elements.enumerated().map { index, element in
            let component = try element.scene.map { scene in
                guard let spec = element.spec else { preconditionFailure("a scene is drawn by its spec") }
                return LaidOutScene(
                    spec: spec, scene: scene, content: try scene.content.placed(in: scene.frame, shaper: renderer.textShaper))
            }
            let lines = try element.drawn.compactMap { placement -> ScreenPart.Line? in
                guard case .text(let run) = placement.view else { return nil }
                let shaped = try renderer.textShaper.shape(run)
                return ScreenPart.Line(
                    run: run, frame: placement.frame.offsetBy(Point(margin, margin)), ascent: shaped.ascent,
                    isRightToLeft: shaped.isRightToLeft)
            }
            return ScreenPart(
                number: index + 1, element: element, component: component, surfaces: component?.surfaces, lines: lines,
                margin: margin)
        }
    }

    /// The screen in words, for the titles and comments of the text formats: `light screen of 8
    /// elements: VStack, Text, HStack, Button × 3, Slider, Toggle`; a screen of one component is its
    /// `/render`'s words (`light round button with a heart icon`).
    var summary: String {
        if drawing.elements.count == 1, let spec = drawing.elements.first?.spec {
            return spec.summary
        }
        var counts: [(name: String, count: Int)] = []
        for element in drawing.elements {
            if let index = counts.firstIndex(where: { $0.name == element.placed.name }) {
                counts[index].count += 1
            } else {
                counts.append((element.placed.name, 1))
            }
        }
        let look = request.page.look
        let style = look.style.rawValue + (look.contrast == .high ? " high-contrast" : "")
        let names = counts.map { $0.count > 1 ? "\($0.name) × \($0.count)" : $0.name }
        return "\(style) screen of \(drawing.elements.count) elements: " + names.joined(separator: ", ")
    }
}
