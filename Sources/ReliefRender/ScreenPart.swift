import ReliefGeometry
import ReliefScene
import ReliefScreen
import ReliefSpec

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

}

extension LaidOutScreen {
    /// Every element of the screen in source order, each component's scene laid out with `renderer`'s fonts.
    func parts(by renderer: Renderer) throws -> [ScreenPart] {
        try drawing.elements.enumerated().map { index, element in
            let component = try element.scene.map { scene in
                LaidOutScene(
                    spec: element.spec, scene: scene,
                    content: try scene.content.placed(in: scene.frame, shaper: renderer.textShaper),
                    pixels: Renderer.pixelSize(of: scene, scale: element.spec.output.scale))
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
        if drawing.elements.count == 1, let component = drawing.elements.first, component.scene != nil {
            return component.spec.summary
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
