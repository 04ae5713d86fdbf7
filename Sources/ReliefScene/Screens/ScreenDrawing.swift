import ReliefGeometry
import ReliefScreen
import ReliefSpec

/// A screen (SPEC §14) laid out by SwiftUI's rules and drawn as one view tree: every component by its
/// own scene code, placed where the layout put it, over the screen's background, each shadow cast
/// over what was drawn before it, as on a device.
///
/// - A component is the content of its own scene (``Scene/init(spec:glyphs:shaper:)``, lit by its own
///   light), in the frame its drawing takes; the layout asks that frame of it, so text that grows a
///   control grows its place on the screen.
/// - `Text` is wrapped at the width it is offered (``LabelLayout/wrap(_:width:hardWidth:shaper:)``),
///   its lines at the leading edge, in the primary label colour of the background it sits on (the
///   screen's, or the face of the innermost panel holding it: a card's, a well's sunken one): black
///   or white, whichever contrasts more, as SwiftUI's `.primary` is.
/// - `Image(icon:)` is the icon the size of the font in force, in the style's icon colour; `Divider`
///   a line of the primary colour at a fifth of its opacity.
/// - A stack that changes the style or the surface colour (`.style`, `.color`) is painted with that
///   look's background over the space it takes, as a panel of its own.
///
/// Nothing here knows pixels: the renderer puts the content on a canvas with the margin its shadows
/// need (`ReliefRender`), and every format walks the same tree.
public struct ScreenDrawing: Sendable {
    /// One element of the screen as drawn.
    public struct Element: Sendable {
        /// The element as the layout placed it.
        public let placed: PlacedElement
        /// A component's spec as drawn (``ScreenDrawing/specs``); nil for the layout's own elements.
        public let spec: RenderSpec?
        /// The look in force on it (``ScreenRequest/looks``): a component's its spec's.
        public let look: RenderSpec.Look
        /// A component's own scene, at margin 0, whose content the screen places in ``PlacedElement/frame``;
        /// nil for the layout's own elements.
        public let scene: Scene?
        /// The background the element sits on: the screen's, or its innermost panel's (a stack's
        /// own style or colour, or the face of the card or well that holds it).
        public let ground: Fill?
        /// Where ``ground`` is painted, in the layout's frame: its panel's bounds (a card's or well's
        /// frame); nil for the screen's
        /// background, which covers the whole canvas, margin included.
        public let groundFrame: Rect?
        /// What the drawing placed for the layout's own element, in drawing order, each view in its
        /// frame on the layout's canvas: a panel over ``PlacedElement/bounds``, each line of a text,
        /// an icon or a divider's line (a component is its ``scene``). The text formats write these views.
        public let drawn: [Placement]
    }

    /// A view and the frame the drawing put it in, in the layout's points.
    public struct Placement: Sendable {
        public let view: View
        public let frame: Rect
    }

    public let request: ScreenRequest
    public let layout: ScreenLayout
    /// The laid-out size in points, without margin.
    public let size: Size
    /// What covers the whole canvas: the query's `background`, or the screen's style's.
    public let background: Fill?
    /// Every element drawn, in the layout's frame (its top-left at (0, 0)).
    public let content: View
    /// What ``content`` is made of, in drawing order: views placed once, and the components' places.
    let parts: [Part]
    /// Every element, in source order.
    public let elements: [Element]

    /// `request` laid out and drawn, text measured with `shaper`.
    public init(_ request: ScreenRequest, glyphs: Scene.Glyphs = .drawn, shaper: any TextShaper) throws {
        // The layout asks each component's frame of its drawing, and each scene is drawn once, at the
        // size the layout gave it.
        var frames: [SourceLocation: Size] = [:]
        var minimumWidths: [SourceLocation: Double] = [:]
        for location in request.components {
            guard let spec = request.specs[location] else { preconditionFailure("every component has its spec") }
            frames[location] = try Scene.frameSize(of: spec, shaper: shaper)
            if let stated = spec.component.flexibleMinimumWidth {
                // Words that need more than the stated least width (a segment's) make the control no narrower.
                minimumWidths[location] = try Scene.frameSize(of: spec.laidOut(width: stated), shaper: shaper).width
            }
        }
        let textSize = request.page.look.textSize ?? .l
        let measurer = SceneMeasurer(request: request, frames: frames, minimumWidths: minimumWidths, shaper: shaper)
        layout = ScreenLayout(request.layout, textSize: textSize, measurer: measurer)
        size = layout.size
        self.request = request
        var specs = request.specs
        Self.resize(layout.root, specs: &specs, frames: frames)
        self.specs = specs
        var scenes: [SourceLocation: Scene] = [:]
        for location in request.components {
            guard let spec = specs[location] else { preconditionFailure("every component has its spec") }
            scenes[location] = try Scene(spec: spec, glyphs: glyphs, shaper: shaper)
        }
        background = Self.background(request.page.output.background, look: request.page.look)
        var composition = Composition(
            looks: request.looks, specs: specs, scenes: scenes, shaper: shaper, glyphs: glyphs, canvas: layout.size)
        try composition.draw(layout.root, ground: background, groundFrame: nil)
        parts = composition.parts
        content = Self.content(of: parts, scenes: scenes, canvas: layout.size)
        elements = composition.elements
    }

    /// Every component's spec as drawn (``Element/spec``): the request's, a flexible control's at the
    /// width the layout gave it, a panel's the size of what it holds.
    public let specs: [SourceLocation: RenderSpec]

    /// Each flexible control and panel under `element` given the size the layout gave it, where that
    /// differs from its own frame.
    private static func resize(
        _ element: PlacedElement, specs: inout [SourceLocation: RenderSpec], frames: [SourceLocation: Size]
    ) {
        if element.role == .component, let spec = specs[element.location], frames[element.location] != element.frame.size {
            specs[element.location] =
                element.children.isEmpty
                ? spec.laidOut(width: element.frame.width)
                : spec.holding(width: element.frame.width, height: element.frame.height)
        }
        for child in element.children { resize(child, specs: &specs, frames: frames) }
    }

    /// One part of the content: a view placed on the layout's canvas, or the place of a component's scene.
    enum Part {
        case drawn(View)
        case component(SourceLocation, Rect)
    }

    /// The content with each component drawn by `scenes` (an animation's frame: some components at
    /// another time), the rest as laid out.
    public func content(with scenes: [SourceLocation: Scene]) -> View {
        Self.content(of: parts, scenes: scenes, canvas: size)
    }

    /// The content with every component that has a state drawn in its other state: where an
    /// animation of the screen starts, and what the margin must hold as well as the still; nil when
    /// no component has another state, the content being ``content`` itself.
    public func contentInOtherStates(shaper: any TextShaper) throws -> View? {
        guard elements.contains(where: { $0.spec?.component.kind.changesState == true }) else { return nil }
        var scenes: [SourceLocation: Scene] = [:]
        for element in elements {
            guard let scene = element.scene, let spec = element.spec else { continue }
            scenes[element.placed.location] =
                spec.component.kind.changesState ? try Scene(spec: spec.otherState, shaper: shaper) : scene
        }
        return content(with: scenes)
    }

    private static func content(of parts: [Part], scenes: [SourceLocation: Scene], canvas: Size) -> View {
        .zStack(
            parts.compactMap { part in
                switch part {
                case .drawn(let view): view
                case .component(let location, let frame): scenes[location].map { placed($0.content, in: frame, canvas: canvas) }
                }
            })
    }

    /// `view` drawn in `frame` of a layout's `canvas`: framed to its size and moved from the centre of
    /// the canvas, where a frame puts it, to its place.
    static func placed(_ view: View, in frame: Rect, canvas: Size) -> View {
        let framed = View.frame(view, width: frame.width, height: frame.height)
        let x = frame.minX - (canvas.width - frame.width) / 2, y = frame.minY - (canvas.height - frame.height) / 2
        return x == 0 && y == 0 ? framed : .layoutOffset(framed, x: x, y: y)
    }

    /// The screen on a canvas with `margin` points around the layout on every side, showing
    /// `content` (an animation's picture) or its own.
    public func scene(margin: Double, content: View? = nil) -> Scene {
        let frame = Rect(x: margin, y: margin, width: size.width, height: size.height)
        return Scene(
            size: Size(size.width + 2 * margin, size.height + 2 * margin), background: background,
            content: content ?? self.content, frame: frame, outline: .roundedRectangle(cornerRadius: 0))
    }

    /// `background` as a render's scene has it in `look`: the style's, lit, unless it says otherwise.
    static func background(_ background: RenderSpec.Background, look: RenderSpec.Look) -> Fill? {
        switch background {
        case .style:
            let style = look.style.recipes(for: look)
            return Lighting(look: look).map { $0.fill(style.background) } ?? style.background
        case .transparent: return nil
        case .color(let r, let g, let b): return .color(Color(Int(r), Int(g), Int(b)))
        }
    }

    /// Black or white, whichever contrasts more with every colour of `ground` (black on nothing).
    public static func primaryColor(on ground: Fill?) -> Color {
        let colours = self.colours(of: ground)
        let black = colours.map { $0.contrastRatio(with: .black) }.min() ?? 1
        let white = colours.map { $0.contrastRatio(with: .white) }.min() ?? 1
        return black >= white ? .black : .white
    }

    /// The colours `ground` is painted in: one, or a gradient's two; nothing counts as white.
    static func colours(of ground: Fill?) -> [Color] {
        switch ground {
        case .color(let colour): [colour]
        case .linearGradient(let from, let to, _, _): [from, to]
        case nil: [.white]
        }
    }

    /// A text's colour on `ground`: the primary colour, or for `.secondary` the primary at
    /// ``TextForeground/secondaryOpacity`` over the ground's colours' mean, an opaque colour that the
    /// audit can check as it is drawn.
    public static func textColor(_ foreground: TextForeground, on ground: Fill?) -> Color {
        let primary = primaryColor(on: ground)
        guard foreground == .secondary else { return primary }
        let colours = self.colours(of: ground)
        let k = TextForeground.secondaryOpacity, count = Double(colours.count)
        func mixed(_ component: KeyPath<Color, Double>) -> Double {
            k * primary[keyPath: component] + (1 - k) * colours.map { $0[keyPath: component] }.reduce(0, +) / count
        }
        return Color(red: mixed(\.red), green: mixed(\.green), blue: mixed(\.blue))
    }

    /// The colour of an `Image(icon:)` in `look`: the style's icon colour, as a button's icon is.
    public static func iconColor(in look: RenderSpec.Look) -> Color {
        look.style.recipes(for: look).foreground(isActive: false)
    }

    /// A divider's share of the primary colour's opacity, as iOS's separator is a faint line.
    public static let dividerOpacity = 0.2
}

/// The layout's questions answered by the scenes: a component's frame is its drawing's, a text's size
/// its wrapped lines'.
private struct SceneMeasurer: ScreenMeasuring {
    let request: ScreenRequest
    /// Each component's frame as its spec draws it.
    let frames: [SourceLocation: Size]
    /// Each flexible control's least width: its stated one, or what its words need.
    let minimumWidths: [SourceLocation: Double]
    let shaper: any TextShaper

    func minimumWidth(of element: ScreenElement) -> Double? {
        minimumWidths[element.location]
    }

    func size(of text: String, font: ScreenFont, maximumWidth: Double?) -> Size {
        let lines =
            (try? ScreenText.lines(text, font: font, width: maximumWidth, color: .black, look: request.page.look, shaper: shaper))
            ?? []
        return Size(lines.map(\.advance).max() ?? 0, lines.reduce(0) { $0 + $1.lineHeight })
    }

    func intrinsicSize(of element: ScreenElement, font: ScreenFont) -> Size {
        if element.role == .image { return Size(font.pointSize, font.pointSize) }
        return frames[element.location] ?? Size(0, 0)
    }
}

/// A `Text` element's lines: each run with its shaped line.
enum ScreenText {
    struct Line {
        let run: TextRun
        let advance: Double
        let lineHeight: Double
        let isRightToLeft: Bool
    }

    /// `text` in `font`, broken into lines no wider than `width` where it can be (every paragraph one
    /// line without a width), in `look`'s font family and language.
    static func lines(
        _ text: String, font: ScreenFont, width: Double?, color: Color, look: RenderSpec.Look, shaper: any TextShaper
    ) throws -> [Line] {
        var lines: [Line] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let run = TextRun(
                String(paragraph), size: font.pointSize, weight: font.isBold ? .bold : font.isSemibold ? .semibold : .regular,
                color: color,
                font: look.font ?? .sans, language: look.language)
            let runs =
                if let width, !paragraph.isEmpty {
                    try LabelLayout.wrap(run, width: width, hardWidth: width, shaper: shaper)
                } else { [run] }
            for run in runs {
                if let limit = font.lineLimit, lines.count == limit { return lines }
                let shaped = try shaper.measure(run)
                lines.append(
                    Line(run: run, advance: shaped.advance, lineHeight: shaped.lineHeight, isRightToLeft: shaped.isRightToLeft))
            }
        }
        return lines
    }
}

/// The walk that draws every placed element into views on the layout's canvas.
private struct Composition {
    let looks: [SourceLocation: RenderSpec.Look]
    let specs: [SourceLocation: RenderSpec]
    let scenes: [SourceLocation: Scene]
    let shaper: any TextShaper
    let glyphs: Scene.Glyphs
    let canvas: Size
    var parts: [ScreenDrawing.Part] = []
    var elements: [ScreenDrawing.Element] = []
    /// What was placed for the element being drawn.
    private var placements: [ScreenDrawing.Placement] = []

    init(
        looks: [SourceLocation: RenderSpec.Look], specs: [SourceLocation: RenderSpec], scenes: [SourceLocation: Scene],
        shaper: any TextShaper, glyphs: Scene.Glyphs, canvas: Size
    ) {
        self.looks = looks
        self.specs = specs
        self.scenes = scenes
        self.shaper = shaper
        self.glyphs = glyphs
        self.canvas = canvas
    }

    mutating func place(_ view: View, in frame: Rect) {
        parts.append(.drawn(ScreenDrawing.placed(view, in: frame, canvas: canvas)))
        placements.append(ScreenDrawing.Placement(view: view, frame: frame))
    }

    mutating func draw(_ element: PlacedElement, ground: Fill?, groundFrame: Rect?) throws {
        guard let look = looks[element.location] else {
            preconditionFailure("every element of a request has its look")
        }
        var (ground, groundFrame) = (ground, groundFrame)
        placements = []
        if case .stack = element.role, element.modifiers.contains(where: \.changesSurface) {
            // A panel is its look's own background.
            if let panel = ScreenDrawing.background(.style, look: look) {
                place(.fill(.roundedRectangle(cornerRadius: 0), panel), in: element.bounds)
                (ground, groundFrame) = (panel, element.bounds)
            }
        }
        switch element.role {
        case .component:
            parts.append(.component(element.location, element.frame))
        case .text:
            guard glyphs == .drawn, case .string(let text) = element.argument(nil) else { break }
            let color = ScreenDrawing.textColor(element.font.foreground, on: ground)
            var top = element.frame.minY
            for line in try ScreenText.lines(
                text, font: element.font, width: element.frame.width, color: color, look: look, shaper: shaper)
            {
                // The alignment's leading edge is the right in right-to-left text.
                let share: Double =
                    switch element.font.alignment {
                    case .leading: line.isRightToLeft ? 1 : 0
                    case .center: 0.5
                    case .trailing: line.isRightToLeft ? 0 : 1
                    }
                let x = element.frame.minX + (element.frame.width - line.advance) * share
                place(.text(line.run), in: Rect(x: x, y: top, width: line.advance, height: line.lineHeight))
                top += line.lineHeight
            }
        case .image:
            guard glyphs == .drawn, case .member(let name) = element.argument("icon"), let icon = RenderSpec.Icon(rawValue: name),
                let path = IconArtwork.path(for: icon)
            else { break }
            let side = min(element.frame.width, element.frame.height)
            place(.artwork(path, size: side, .color(ScreenDrawing.iconColor(in: look))), in: element.frame)
        case .divider:
            let color = ScreenDrawing.primaryColor(on: ground).opacity(ScreenDrawing.dividerOpacity)
            place(.fill(.roundedRectangle(cornerRadius: 0), .color(color)), in: element.frame)
        case .spacer, .stack:
            break
        }
        elements.append(
            ScreenDrawing.Element(
                placed: element, spec: specs[element.location], look: look, scene: scenes[element.location], ground: ground,
                groundFrame: groundFrame,
                drawn: placements))
        // What a panel holds sits on its face (a well's, sunk), drawn first, beneath its edges and
        // over its shadows; the panel itself on what is beneath it.
        if element.role == .component, !element.children.isEmpty, let face = scenes[element.location]?.content.face {
            (ground, groundFrame) = (face, element.frame)
        }
        for child in element.children { try draw(child, ground: ground, groundFrame: groundFrame) }
    }
}

extension View {
    /// The fill drawn first, beneath everything else the view draws (its shadows aside): a card's
    /// face, a well's sunken floor; nil for a view that starts otherwise.
    var face: Fill? {
        switch self {
        case .fill(_, let fill): fill
        case .zStack(let views): views.first?.face
        case .frame(let view, _, _), .padding(let view, _), .overlay(let view, _), .shadow(let view, _),
            .offset(let view, _, _):
            view.face
        default: nil
        }
    }
}

extension PlacedElement {
    func argument(_ label: String?) -> ScreenValue? {
        arguments.first { $0.label == label }?.value
    }
}

extension ScreenModifier {
    /// Whether the modifier changes the surface what it wraps sits on: a style or a colour.
    var changesSurface: Bool {
        guard case .look(let setting) = kind else { return false }
        return setting.parameter == "style" || setting.parameter == "color"
    }
}
