import ReliefGeometry
import ReliefSpec
import Testing

@testable import ReliefScene

/// One thing a view paints: a fill or a stroke (shadows, blurs, offsets and masks looked through).
enum Mark: Hashable {
    case fill(Fill)
    case stroke(Fill, lineWidth: Double)
}

/// Every fill and stroke of `view`, in drawing order.
func marks(_ view: View) -> [Mark] {
    switch view {
    case .fill(_, let fill): [.fill(fill)]
    case .stroke(_, let fill, let lineWidth): [.stroke(fill, lineWidth: lineWidth)]
    case .empty, .spacer, .text, .lines, .artwork: []
    case .zStack(let children), .hStack(let children, _), .vStack(let children, _): children.flatMap(marks)
    case .frame(let child, _, _), .padding(let child, _), .shadow(let child, _), .blur(let child, _),
        .offset(let child, _, _), .layoutOffset(let child, _, _), .opacity(let child, _):
        marks(child)
    case .overlay(let base, let top), .mask(let base, let top): marks(base) + marks(top)
    }
}

/// The colours of SPEC §2 and docs/ACCESSIBILITY.md, written out rather than read from `Palette`.
private enum Documented {
    static let offWhite = Color(225, 225, 235), gray = Color(142, 142, 147)
    static let darkStart = Color(50, 60, 65), darkEnd = Color(25, 25, 30)
    static let lightStart = Color(60, 160, 240), lightEnd = Color(30, 80, 120)
    // contrast=high
    static let strongGray = Color(60, 60, 66), outlineGray = Color(95, 95, 100), pressedOutline = Color(0, 0, 0)
    static let silver = Color(140, 146, 150), ringBright = Color(130, 200, 255), pressedBlue = Color(44, 125, 200)
    static let strongGreen = Color(0, 115, 40), strongRed = Color(190, 20, 20)
    static let systemGreen = Color(52, 199, 89), systemRed = Color(255, 59, 48)
}

/// What contrast=high does to a recipe's marks: some replaced, some added on top.
private struct Variant {
    var replaced: [Mark: Mark] = [:]
    var added: [Mark] = []

    func applied(to standard: [Mark]) -> [Mark] {
        standard.map { replaced[$0] ?? $0 } + added
    }
}

@Suite("contrast=high variants")
struct ContrastVariantTests {
    /// SPEC §3's recipes at rest and pressed, for the styles the articles draw, written out.
    static func articleSurface(_ style: RenderSpec.Style, isActive: Bool) -> View? {
        let shape = SceneShape.circle
        typealias D = Documented
        switch (style, isActive) {
        case (.light, false):
            return .shadow(
                .shadow(
                    .fill(shape, .color(D.offWhite)),
                    Shadow(color: Color(0, 0, 0, alpha: 0.2), radius: 10, x: 10, y: 10)),
                Shadow(color: Color(255, 255, 255, alpha: 0.7), radius: 10, x: -5, y: -5))
        case (.light, true):
            let grayEdge = View.mask(
                .offset(.blur(.stroke(shape, .color(D.gray), lineWidth: 4), radius: 4), x: 2, y: 2),
                .fill(shape, .diagonal(.black, .clear)))
            let whiteEdge = View.mask(
                .offset(.blur(.stroke(shape, .color(.white), lineWidth: 8), radius: 4), x: -2, y: -2),
                .fill(shape, .diagonal(.clear, .black)))
            return .overlay(.overlay(.fill(shape, .color(D.offWhite)), grayEdge), whiteEdge)
        case (.dark, _), (.colorful, _):
            let fill: Fill =
                switch (style, isActive) {
                case (.colorful, true): .diagonal(D.lightEnd, D.lightStart)
                case (_, true): .diagonal(D.darkEnd, D.darkStart)
                default: .diagonal(D.darkStart, D.darkEnd)
                }
            let ring: Fill =
                switch (style, isActive) {
                case (.colorful, _): .diagonal(D.lightStart, D.lightEnd)
                case (_, true): .diagonal(D.darkStart, D.darkEnd)
                default: .color(D.darkEnd)
                }
            let (x, y) = isActive ? (5.0, 5.0) : (-10.0, -10.0)
            return .shadow(
                .shadow(
                    .overlay(.fill(shape, fill), .stroke(shape, ring, lineWidth: 4)),
                    Shadow(color: D.darkStart, radius: 10, x: x, y: y)),
                Shadow(color: D.darkEnd, radius: 10, x: -x, y: -y))
        case (.soft, _):
            return nil  // the seeds draw no soft button
        }
    }

    @Test(arguments: RenderSpec.Style.allCases)
    func standardContrastIsTheArticlesRecipe(style: RenderSpec.Style) {
        for isActive in [false, true] {
            guard let article = Self.articleSurface(style, isActive: isActive) else { continue }
            let recipe = style.recipes(contrast: .standard).surface(.circle, isActive: isActive)
            #expect(recipe == article, "\(style) \(isActive)")
        }
    }

    /// docs/ACCESSIBILITY.md's table of the accessible variants, as changes to each recipe's marks.
    private static func documentedVariant(_ style: RenderSpec.Style, _ part: String) -> Variant {
        typealias D = Documented
        let ring = (standard: Fill.diagonal(D.lightStart, D.lightEnd), high: Fill.diagonal(D.ringBright, D.lightStart))
        func ringChange(_ width: Double) -> [Mark: Mark] {
            [.stroke(ring.standard, lineWidth: width): .stroke(ring.high, lineWidth: width)]
        }
        let pressedFill: [Mark: Mark] = [
            .fill(.diagonal(D.lightEnd, D.lightStart)): .fill(.diagonal(D.lightEnd, D.pressedBlue))
        ]
        switch (style, part) {
        case (.light, "pressed"), (.soft, "pressed"):
            return Variant(added: [.stroke(.color(D.pressedOutline), lineWidth: 4)])
        case (.light, _), (.soft, _):
            return Variant(added: [.stroke(.color(D.outlineGray), lineWidth: 4)])
        case (.dark, "rest"):
            return Variant(replaced: [.stroke(.color(D.darkEnd), lineWidth: 4): .stroke(.color(D.silver), lineWidth: 4)])
        case (.dark, "pressed"):
            return Variant(replaced: [
                .stroke(.diagonal(D.darkStart, D.darkEnd), lineWidth: 4): .stroke(.color(.white), lineWidth: 4)
            ])
        case (.dark, "well"):
            return Variant(added: [.stroke(.color(D.silver), lineWidth: 4)])
        case (.dark, _):
            return Variant(replaced: [.stroke(.color(D.darkEnd), lineWidth: 2): .stroke(.color(D.silver), lineWidth: 2)])
        case (.colorful, "pressed"):
            return Variant(replaced: ringChange(4).merging(pressedFill) { a, _ in a })
        case (.colorful, "knob on"):
            return Variant(replaced: ringChange(2).merging(pressedFill) { a, _ in a })
        case (.colorful, "knob off"):
            return Variant(replaced: ringChange(2))
        case (.colorful, _):
            return Variant(replaced: ringChange(4))
        }
    }

    @Test(arguments: RenderSpec.Style.allCases)
    func highContrastMakesTheDocumentedChangesAndNoOthers(style: RenderSpec.Style) {
        let standard = style.recipes(contrast: .standard), high = style.recipes(contrast: .high)
        let parts: [(String, (any NeumorphicStyle) -> View)] = [
            ("rest", { $0.surface(.circle, isActive: false) }),
            ("pressed", { $0.surface(.circle, isActive: true) }),
            ("well", { $0.well(.capsule, depth: .deep) }),
            ("knob off", { $0.knob(.capsule, isOn: false) }),
            ("knob on", { $0.knob(.capsule, isOn: true) }),
        ]
        for (part, recipe) in parts {
            let variant = Self.documentedVariant(style, part)
            #expect(marks(recipe(high)) == variant.applied(to: marks(recipe(standard))), "\(style) \(part)")
            // Every documented change is one the standard recipe can take.
            #expect(variant.replaced.keys.allSatisfy(marks(recipe(standard)).contains), "\(style) \(part)")
        }
    }

    /// The knob's shadows reach the track's edge where the knob comes near it, and faded the outline
    /// there below 3:1 with a mid-tone `color` (`/audit?component=switch&color=008900&contrast=high`).
    @Test(arguments: RenderSpec.Style.allCases)
    func aSwitchDrawsTheHighContrastEdgeOverItsKnob(style: RenderSpec.Style) throws {
        for contrast in RenderSpec.Contrast.allCases {
            let spec = try RenderSpec.parse(query: "component=switch&style=\(style.rawValue)&contrast=\(contrast.rawValue)")
            let recipes = style.recipes(for: spec.look, face: spec.component.surface)
            let control = try #require(spec.component.switchOptions)
            let view = try SwitchView(
                control, look: spec.look, scale: spec.output.scale, style: recipes, showsWords: false,
                shaper: MonospacedShaper()
            ).view(style: recipes)
            guard case .zStack(let layers) = view, let top = layers.last else {
                Issue.record("a switch is not a stack: \(view)")
                continue
            }
            // At contrast=high the well's edge, a 4-point stroke, is the stack's top layer; at
            // standard contrast the knob is, with its fill.
            let edge = recipes.wellParts(.capsule, depth: .deep).edge.map(marks)
            #expect(edge?.count == (contrast == .high ? 1 : nil))
            let isKnob = marks(top).contains { if case .fill = $0 { true } else { false } }
            #expect(contrast == .high ? marks(top) == edge : isKnob, "\(style) \(contrast)")
        }
    }

    @Test(arguments: RenderSpec.Style.allCases)
    func thePaleStylesGetAStrongerIconAndSwitchLabels(style: RenderSpec.Style) {
        typealias D = Documented
        let standard = style.recipes(contrast: .standard), high = style.recipes(contrast: .high)
        let isPale = style == .light || style == .soft
        for isActive in [false, true] {
            #expect(standard.foreground(isActive: isActive) == (isPale ? D.gray : .white))
            #expect(high.foreground(isActive: isActive) == (isPale ? D.strongGray : .white))
        }
        #expect(standard.stateLabelColors == (D.systemGreen, D.systemRed))
        #expect(high.stateLabelColors == (isPale ? (D.strongGreen, D.strongRed) : (D.systemGreen, D.systemRed)))
    }

    /// docs/CONTROLS.md: the icon colour in light and dark, the system green in soft, the accent in colorful.
    @Test(arguments: RenderSpec.Style.allCases)
    func theActiveColourIsTheDocumentedOne(style: RenderSpec.Style) {
        typealias D = Documented
        let standard = style.recipes(contrast: .standard), high = style.recipes(contrast: .high)
        switch style {
        case .light: #expect(standard.activeColor == D.gray && high.activeColor == D.strongGray)
        case .dark: #expect(standard.activeColor == .white && high.activeColor == .white)
        case .soft: #expect(standard.activeColor == D.systemGreen && high.activeColor == D.strongGreen)
        case .colorful: #expect(standard.activeColor == D.lightStart && high.activeColor != D.lightStart)
        }
    }
}
