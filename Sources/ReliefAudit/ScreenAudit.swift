import ReliefAccessibility
import ReliefGeometry
import ReliefRender
import ReliefScene
import ReliefScreen
import ReliefSpec

/// The accessibility checks of a screen (SPEC §14, `/audit?source=…`): every control's own audit
/// as it sits on the screen, the contrast of each text and icon against the background beneath it,
/// and the spacing of targets (WCAG 2.5.8), each check naming its element by where it starts in the
/// layout's source.
///
/// - A control is audited by ``AccessibilityAudit``, on its own pixels, on the ground beneath it.
/// - Text and icons are measured on colours: the colour the screen draws them in against the
///   colours of the ground under their frame (the weakest, where it is a gradient).
/// - Targets are the frames of the controls a user acts on, as the layout placed them.
///
/// docs/ACCESSIBILITY.md describes every check.
public struct ScreenAudit: Sendable {
    /// An element of the layout, as a check names it.
    public struct Element: Sendable, Hashable {
        /// As written in the layout: `Button`, `Text`, `Picker`.
        public var name: String
        /// Where it starts in the layout's source.
        public var location: SourceLocation
    }

    /// One check of one element.
    public struct Check: Sendable {
        public var element: Element
        public var check: AccessibilityAudit.Check
        /// `target-spacing` of a target under 24×24 points: the diameter of the largest circle
        /// centred on it that meets no other target and no other undersized target's 24-point
        /// circle; nil for a larger target, or when no other target bounds it.
        public var spacing: Double?
        /// `target-spacing`: the target that circle collides with, the nearest where there are
        /// several; nil when it passes.
        public var neighbour: Element?

        public var pass: Bool { check.pass }
    }

    /// The canonical query audited.
    public var query: String
    /// What was audited otherwise than simply as drawn (an animation's last state, low vision);
    /// nil otherwise.
    public var note: String?
    /// The checks, element by element in the order of the source.
    public var checks: [Check]

    /// Whether every check passes at level AA.
    public var pass: Bool { checks.allSatisfy(\.pass) }

    /// Audits `request`, laid out and its controls rendered with `renderer` under `supervisor`
    /// (each control's audit asks it for its own memory).
    ///
    /// Throws a ``ReliefSpec/SpecError`` when the screen is past the pixel budget, as `/screen`
    /// refuses it.
    public init(request: ScreenRequest, renderer: Renderer, supervisor: RenderSupervisor = .unsupervised) throws {
        query = request.canonicalQuery
        let screen = try renderer.laidOutScreen(request)
        let margin = screen.margin
        // The screen's background covers the canvas, margin included.
        let canvas = Rect(
            x: -margin, y: -margin, width: screen.drawing.size.width + 2 * margin,
            height: screen.drawing.size.height + 2 * margin)
        let simulation = request.page.output.simulation
        let spacing = Self.spacingChecks(of: screen.drawing.elements)
        var checks: [Check] = []
        for drawn in screen.drawing.elements {
            let element = Element(name: drawn.placed.name, location: drawn.placed.location)
            let ground = Ground(fill: drawn.ground, frame: drawn.groundFrame ?? canvas)
            switch drawn.placed.role {
            case .component:
                guard let drawnSpec = drawn.spec else { preconditionFailure("a component is drawn by its spec") }
                let spec = Self.componentSpec(
                    drawnSpec, on: ground.colour(at: drawn.placed.frame.center), page: request.page)
                let audit = try AccessibilityAudit(spec: spec, renderer: renderer, supervisor: supervisor)
                checks += audit.checks.map { Check(element: element, check: $0) }
                checks += spacing[drawn.placed.location].map { [$0] } ?? []
            case .text:
                let font = drawn.placed.font
                let isLargeText = font.pointSize >= 18 || (font.pointSize >= 14 && (font.isSemibold || font.isBold))
                let colours = Self.seen(
                    ScreenDrawing.textColor(font.foreground, on: drawn.ground), on: ground.colours(under: drawn.placed.frame),
                    through: simulation)
                checks.append(Check(element: element, check: Self.textCheck(colours, isLargeText: isLargeText)))
            case .image where drawn.placed.arguments.contains { $0.label == "icon" && $0.value != .member("none") }:
                let colours = Self.seen(
                    ScreenDrawing.iconColor(in: drawn.look), on: ground.colours(under: drawn.placed.frame),
                    through: simulation)
                checks.append(Check(element: element, check: Self.iconCheck(colours)))
            case .image, .spacer, .divider, .stack:
                break
            }
        }
        self.checks = checks
        note = Self.note(request.page)
    }

    /// What the audit measured otherwise than the screen as drawn, in words; nil when nothing.
    private static func note(_ page: RenderSpec.Page) -> String? {
        var sentences: [String] = []
        if page.output.animation != nil {
            sentences.append(
                "An animated screen is audited in the state it ends on, which its last frame shows and which a viewer "
                    + "without APNG support sees; the frames in between are not measured.")
        }
        if page.output.simulation == .lowvision {
            sentences.append(
                "Low vision blurs and flattens the picture as a whole: the controls' checks measure it on their pixels, "
                    + "while text and icons are measured on their colours as drawn, which it cannot be applied to.")
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }

    /// The spec of a component element as its audit draws it: on `ground` (transparent where the
    /// screen is), through the screen's `simulate`, with the margin it takes on its own.
    ///
    /// The screen's spec of the element is its picture alone, at margin 0 on nothing, which the
    /// screen places. The audit reads colours 3 to 5 points beyond the control's edge, and there the
    /// screen shows the ground darkened and lightened by the control's own shadows; the margin a
    /// render of it takes by default holds every shadow it casts, so those pixels are drawn as the
    /// screen draws them. A margin of 5 points would clip the shadows' blur at the canvas's edge,
    /// and a lighter shadow there would flatter or wrong the edge. A gradient's colour at the
    /// control's centre stands for the ground: across one control a screen's gradient changes little.
    ///
    /// The spec is changed in place, not written as a query and read again: a panel's size is its
    /// content's, in fractions of a point no query writes.
    static func componentSpec(_ spec: RenderSpec, on ground: Color?, page: RenderSpec.Page) -> RenderSpec {
        var audited = spec
        audited.output.margin = nil
        audited.output.background =
            ground.map { RenderSpec.RGB($0) }.map { .color(red: $0.red, green: $0.green, blue: $0.blue) } ?? .transparent
        audited.output.simulation = page.output.simulation
        return audited
    }
}

extension ScreenAudit {
    /// The background an element sits on, painted over `frame` (a panel's bounds, or the canvas).
    struct Ground {
        /// nil where the screen is transparent.
        let fill: Fill?
        let frame: Rect

        /// Its colour at `point`; nil where the screen is transparent.
        func colour(at point: Point) -> Color? {
            fill?.color(at: point, in: frame)
        }

        /// Its colours under `rect`: a gradient's are at the corners, where it goes farthest each way.
        /// Where the screen is transparent, white: the page beneath that the primary colour is chosen
        /// for (``ReliefScene/ScreenDrawing/primaryColor(on:)``).
        func colours(under rect: Rect) -> [Color] {
            let corners = [
                Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.minX, rect.maxY),
                Point(rect.maxX, rect.maxY),
            ]
            return corners.map { colour(at: $0) ?? .white }
        }
    }

    /// A drawn colour and the ground's colours beneath it as a viewer of `simulation` sees them, in
    /// bytes as pixels hold them. The colour-vision simulations map each colour on its own, so they
    /// apply here as to the picture; low vision acts on the picture as a whole and is left out.
    static func seen(_ drawn: Color, on ground: [Color], through simulation: RenderSpec.Simulation) -> (
        drawn: PixelColor, ground: [PixelColor]
    ) {
        let colours = ([drawn] + ground).map { colour in
            let rgb = RenderSpec.RGB(colour)
            return PixelColor(rgb.red, rgb.green, rgb.blue)
        }
        let image = PixelImage(width: colours.count, height: 1, rgba: colours.flatMap { [$0.red, $0.green, $0.blue, 255] })
        let filtered: PixelImage =
            switch simulation {
            case .none, .lowvision: image
            case .protanopia: ColorVisionDeficiency.protanopia.simulated(image)
            case .deuteranopia: ColorVisionDeficiency.deuteranopia.simulated(image)
            case .tritanopia: ColorVisionDeficiency.tritanopia.simulated(image)
            case .achromatopsia: Achromatopsia.simulated(image)
            }
        let seen = (0..<colours.count).map { filtered.color(x: $0, y: 0) }
        return (seen[0], Array(seen.dropFirst()))
    }

    /// The lowest contrast of `colours.drawn` against the ground's colours, and that colour.
    private static func weakest(_ colours: (drawn: PixelColor, ground: [PixelColor])) -> (ratio: Double, ground: PixelColor) {
        let ratios = colours.ground.map { (ratio: colours.drawn.contrastRatio(with: $0), ground: $0) }
        return ratios.min { $0.ratio < $1.ratio } ?? (1, colours.drawn)
    }

    /// A text's contrast against its ground (1.4.3, and 1.4.6 as `enhanced`).
    static func textCheck(_ colours: (drawn: PixelColor, ground: [PixelColor]), isLargeText: Bool) -> AccessibilityAudit.Check {
        let (ratio, ground) = weakest(colours)
        let (aa, aaa) = AccessibilityAudit.textThresholds(isLargeText: isLargeText)
        let kind = isLargeText ? "large text (18 points, or 14 in semibold or bold) needs" : "text needs"
        return AccessibilityAudit.Check(
            id: .textContrast, ratio: ratio,
            aa: .init(required: aa, level: .aa, criterion: "1.4.3", pass: ratio >= aa),
            aaa: .init(required: aaa, level: .aaa, criterion: "1.4.6", pass: ratio >= aaa),
            detail: "The text, #\(colours.drawn.hex), has \(AccessibilityAudit.number(ratio)):1 against the background "
                + "beneath it where it is weakest (#\(ground.hex)); \(kind) \(AccessibilityAudit.number(aa)):1 (AA) and "
                + "\(AccessibilityAudit.number(aaa)):1 (AAA).")
    }

    /// An icon's contrast against its ground (1.4.11): an icon on its own is a graphic that carries
    /// meaning, not text.
    static func iconCheck(_ colours: (drawn: PixelColor, ground: [PixelColor])) -> AccessibilityAudit.Check {
        let (ratio, ground) = weakest(colours)
        return AccessibilityAudit.Check(
            id: .iconContrast, ratio: ratio,
            aa: .init(required: 3, level: .aa, criterion: "1.4.11", pass: ratio >= 3),
            detail: "The icon, #\(colours.drawn.hex), has \(AccessibilityAudit.number(ratio)):1 against the background "
                + "beneath it where it is weakest (#\(ground.hex)); a graphic that carries meaning needs 3:1.")
    }
}

extension RenderSpec.RGB {
    /// `color`'s channels rounded to bytes.
    init(_ color: Color) {
        self.init(
            red: UInt8((color.red * 255).rounded()), green: UInt8((color.green * 255).rounded()),
            blue: UInt8((color.blue * 255).rounded()))
    }
}
