import ReliefGeometry
import ReliefSpec
import Testing

@testable import ReliefScene

/// Text of a fixed width per character, so layout can be checked without fonts; a line starting
/// with a Hebrew or Arabic letter reads right to left.
struct MonospacedShaper: TextShaper {
    func shape(_ run: TextRun) throws -> ShapedLine {
        let isRightToLeft = run.string.unicodeScalars.first.map { (0x0590...0x08FF).contains($0.value) } ?? false
        return ShapedLine(
            path: Path(), advance: Double(run.string.count) * run.size * 0.6, ascent: run.size * 0.8,
            descent: run.size * 0.2, isRightToLeft: isRightToLeft)
    }
}

/// Every filled rectangle of a placed tree, in drawing order.
func filledRects(_ node: PlacedNode) -> [Rect] {
    switch node {
    case .fill(let shape, _, _): [shape.rect]
    case .stroke, .path, .bitmap: []
    case .group(let children): children.flatMap(filledRects)
    case .shadow(let child, _), .blur(let child, _), .offset(let child, _), .opacity(let child, _): filledRects(child)
    case .mask(let child, _): filledRects(child)
    }
}

/// Every registered component draws through its own unit in this layer.
@Test(arguments: RenderSpec.ComponentKind.allCases)
func everyComponentHasASceneUnit(kind: RenderSpec.ComponentKind) {
    #expect(kind.options as? any ComponentScene.Type != nil)
}

@Test func theFrameSitsAtTheMarginOfTheCanvas() throws {
    let spec = try RenderSpec.parse(query: "component=card&margin=12")
    let scene = try Scene(spec: spec, shaper: MonospacedShaper())
    #expect(scene.size == Size(324, 324))
    #expect(scene.frame == Rect(x: 12, y: 12, width: 300, height: 300))
}

@Test func theBackgroundFollowsTheRequest() throws {
    #expect(
        try Scene(spec: try RenderSpec.parse(query: "style=dark"), shaper: MonospacedShaper()).background
            == .diagonal(Palette.darkStart, Palette.darkEnd))
    #expect(try Scene(spec: try RenderSpec.parse(query: "background=transparent"), shaper: MonospacedShaper()).background == nil)
    #expect(
        try Scene(spec: try RenderSpec.parse(query: "background=ff0080"), shaper: MonospacedShaper()).background
            == .color(Color(255, 0, 128)))
}

@Test(arguments: [false, true])
func theSwitchKnobSitsOverTheLabelOfTheOtherState(isOn: Bool) throws {
    let spec = try RenderSpec.parse(query: "component=switch&style=soft&on=\(isOn)")
    let control = try #require(spec.component.switchOptions)
    let scene = try Scene(spec: spec, shaper: MonospacedShaper())
    let placed = try scene.content.placed(in: scene.frame, shaper: MonospacedShaper())
    // The last filled shape is the knob: (height + knob) wide, inset by padding.
    let knob = try #require(filledRects(placed).last)
    let expectedX =
        isOn ? scene.frame.maxX - control.frame.height - control.knob + control.padding : scene.frame.minX + control.padding
    #expect(abs(knob.minX - expectedX) < 1e-9)
    #expect(knob.width == control.frame.height + control.knob - 2 * control.padding)
    #expect(knob.height == control.frame.height - 2 * control.padding)
}

@Test func aStackGivesFixedChildrenTheirWidthAndSharesTheRest() throws {
    let columns = try View.columns(
        for: [
            .text(TextRun("ON", size: 10, weight: .bold, color: .black)), .spacer,
            .artwork(Path(), size: 30, .color(.black)), .spacer,
        ],
        spacing: 0, in: Rect(x: 0, y: 0, width: 100, height: 20), shaper: MonospacedShaper())
    #expect(columns.map(\.1.width) == [12, 29, 30, 29])
    #expect(columns.map(\.1.minX) == [0, 12, 41, 71])
}

@Test func aStackOfFixedChildrenKeepsItsSpacingAndIsCentred() throws {
    let columns = try View.columns(
        for: [.artwork(Path(), size: 10, .color(.black)), .artwork(Path(), size: 20, .color(.black))],
        spacing: 5, in: Rect(x: 0, y: 0, width: 100, height: 20), shaper: MonospacedShaper())
    #expect(columns.map(\.1.width) == [10, 20])
    #expect(columns.map(\.1.minX) == [32.5, 47.5])
    let row = View.hStack([.artwork(Path(), size: 10, .color(.black)), .artwork(Path(), size: 20, .color(.black))], spacing: 5)
    #expect(try row.fixedWidth(shaper: MonospacedShaper()) == 35)
}

@Test func circlesFitTheSmallerSideAndRadiiAreClamped() {
    let frame = Rect(x: 0, y: 0, width: 100, height: 60)
    #expect(SceneShape.circle.geometry(in: frame).rect == Rect(x: 20, y: 0, width: 60, height: 60))
    #expect(SceneShape.roundedRectangle(cornerRadius: 99).geometry(in: frame).cornerRadius == 30)
    #expect(SceneShape.capsule.geometry(in: frame).cornerRadius == 30)
}

@Test func offsetsMoveTheDrawingButNotTheMask() throws {
    let view = SceneShape.circle.stroke(.black, lineWidth: 2).offset(x: 3, y: 4).mask(SceneShape.circle.fill(.black))
    let placed = try view.placed(in: Rect(x: 0, y: 0, width: 10, height: 10), shaper: MonospacedShaper())
    guard case .mask(.offset(_, let delta), let mask) = placed else {
        Issue.record("expected mask(offset(...), ...), got \(placed)")
        return
    }
    #expect(delta == Point(3, 4))
    #expect(filledRects(mask) == [Rect(x: 0, y: 0, width: 10, height: 10)])
}

@Test func theLightStyleReadsLikeTheArticle() {
    // At rest: fill, then the dark shadow, then the light one cast from both.
    let view = RenderSpec.Style.light.recipes.surface(.circle, isActive: false)
    guard case .shadow(.shadow(.fill(.circle, .color(let fill)), let first), let second) = view else {
        Issue.record("expected fill().shadow().shadow(), got \(view)")
        return
    }
    #expect(fill == Palette.offWhite)
    #expect(first == Shadow(color: Color.black.opacity(0.2), radius: 10, x: 10, y: 10))
    #expect(second == Shadow(color: Color.white.opacity(0.7), radius: 10, x: -5, y: -5))
}

@Test func aLabelDrawsNoIconUnlessGivenOneAndCardsHaveNeither() throws {
    func glyphs(_ query: String) throws -> [View] {
        guard case .zStack(let layers) = try Scene(spec: try RenderSpec.parse(query: query), shaper: MonospacedShaper()).content
        else { return [] }
        return Array(layers.dropFirst())
    }
    #expect(
        try glyphs("label=Go").first.map { if case .lines(let runs) = $0 { runs.map(\.string) == ["Go"] } else { false } } == true
    )
    #expect(try glyphs("icon=star").count == 1)
    #expect(
        try glyphs("label=Go&icon=star").first.map { if case .hStack(let views, _) = $0 { views.count == 2 } else { false } }
            == true)
    #expect(try glyphs("icon=none").isEmpty)
    #expect(try glyphs("component=card").isEmpty)
}
