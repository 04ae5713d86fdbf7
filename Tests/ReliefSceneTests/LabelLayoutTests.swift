import ReliefGeometry
import Testing

@testable import ReliefScene
@testable import ReliefSpec

@Suite("Labels and Dynamic Type")
struct LabelLayoutTests {
    /// The scene of `query`, laid out with characters 0.6 em wide.
    func scene(_ query: String) throws -> Scene {
        try Scene(spec: RenderSpec.parse(query: query), shaper: MonospacedShaper())
    }

    /// The label's lines as drawn.
    func lines(_ scene: Scene) -> [TextRun] {
        guard case .zStack(let layers) = scene.content, case .lines(let runs) = layers.last else { return [] }
        return runs
    }

    @Test func theTextSizeComesFromTheBodyTable() throws {
        #expect(lines(try scene("label=Go")).map(\.size) == [17])
        #expect(lines(try scene("label=Go&textsize=xs")).map(\.size) == [14])
        #expect(lines(try scene("label=Go&textsize=ax5")).map(\.size) == [53])
    }

    @Test func aShortLabelKeepsTheRequestedFrame() throws {
        let capsule = try scene("shape=capsule&label=Go")
        #expect(capsule.frame.size == Size(160, 80))
        #expect(capsule.outline == .capsule)
    }

    @Test func aLongLabelWidensTheCapsuleOnOneLine() throws {
        // 18 characters at 17 pt are 183.6 points; 80 tall gives 16 points of padding at each end.
        let capsule = try scene("shape=capsule&label=Order%20the%20soup%20now")
        #expect(lines(capsule).map(\.string) == ["Order the soup now"], "\(capsule.frame)")
        let expectedWidth: Double = 18 * 17 * 0.6 + 2 * 16
        #expect(abs(capsule.frame.width - expectedWidth) < 1e-9)
        #expect(capsule.frame.height == 80)
        #expect(capsule.size == Size(capsule.frame.width + 80, 160))
    }

    @Test func aCircleGrowsUntilThePaddedTextFitsInside() throws {
        let circle = try scene("label=Order%20now")
        let textWidth: Double = 9 * 17 * 0.6
        let padded = Size(textWidth + 32, 17 + 32)
        let diagonal = (padded.width * padded.width + padded.height * padded.height).squareRoot()
        #expect(abs(circle.frame.width - diagonal) < 1e-9)
        #expect(circle.frame.width == circle.frame.height)
    }

    @Test func atAccessibilitySizesTheLabelWrapsAndTheControlGrowsTaller() throws {
        let large = try scene("shape=capsule&label=Order%20the%20soup%20now&textsize=l")
        let ax3 = try scene("shape=capsule&label=Order%20the%20soup%20now&textsize=ax3")
        #expect(lines(ax3).map(\.string) == ["Order", "the", "soup", "now"])
        #expect(ax3.frame.height > large.frame.height)
        #expect(ax3.frame.width >= 160)
        // The capsule becomes a rounded rectangle with the radius it had.
        #expect(ax3.outline == .roundedRectangle(cornerRadius: 40))
        // Every line fits inside the frame less its padding.
        let widest = lines(ax3).map { Double($0.string.count) * 40 * 0.6 }.max()!
        #expect(widest <= ax3.frame.width - 2 * 16)
        #expect(Double(lines(ax3).count) * 40 <= ax3.frame.height - 2 * 16)
    }

    @Test func theWrappedLabelIsStackedAndCentred() throws {
        let ax3 = try scene("shape=capsule&label=Order%20the%20soup%20now&textsize=ax3")
        let placed = try ax3.content.placed(in: ax3.frame, shaper: MonospacedShaper())
        guard case .group(let layers) = placed, case .group(let lines) = layers.last else {
            Issue.record("expected a group of lines, got \(placed)")
            return
        }
        let boxes = lines.compactMap { line -> Rect? in if case .path(_, _, let frame) = line { frame } else { nil } }
        #expect(boxes.count == 4)
        #expect(zip(boxes, boxes.dropFirst()).allSatisfy { $0.maxY == $1.minY })
        #expect(abs((boxes.first!.minY + boxes.last!.maxY) / 2 - ax3.frame.center.y) < 1e-9)
        #expect(boxes.allSatisfy { abs($0.center.x - ax3.frame.center.x) < 1e-9 })
    }

    @Test func aWordTooLongForTheLargestFrameBreaksBetweenCharacters() throws {
        let run = TextRun(String(repeating: "m", count: 60), size: 53, weight: .regular, color: .black)
        let lines = try LabelLayout.wrap(run, width: 100, hardWidth: 900, shaper: MonospacedShaper())
        #expect(lines.map(\.string.count) == [28, 28, 4])
    }

    @Test func theFrameIsTheSameWithOrWithoutGlyphs() throws {
        let spec = try RenderSpec.parse(query: "shape=capsule&label=Order%20the%20soup%20now&textsize=ax3")
        let drawn = try Scene(spec: spec, shaper: MonospacedShaper())
        let bare = try Scene(spec: spec, glyphs: .omitted, shaper: MonospacedShaper())
        #expect(drawn.frame == bare.frame && drawn.size == bare.size && drawn.outline == bare.outline)
    }

    /// The frames of the icon (a square `iconSide` wide) and of the label's lines, as placed.
    func placedGlyphs(_ scene: Scene, iconSide: Double) throws -> (icon: Rect?, lines: [Rect]) {
        guard case .zStack(let layers) = scene.content, let glyphs = layers.last else { return (nil, []) }
        func frames(_ node: PlacedNode) -> [Rect] {
            switch node {
            case .path(_, _, let frame): [frame]
            case .group(let children): children.flatMap(frames)
            default: []
            }
        }
        let all = frames(try glyphs.placed(in: scene.frame, shaper: MonospacedShaper()))
        let isIcon = { (frame: Rect) in abs(frame.width - iconSide) < 1e-9 && abs(frame.height - iconSide) < 1e-9 }
        return (all.first(where: isIcon), all.filter { !isIcon($0) })
    }

    @Test func anIconLeadsTheLabelSideBySide() throws {
        let capsule = try scene("shape=capsule&label=Order%20now&icon=plus")
        let (icon, lines) = try placedGlyphs(capsule, iconSide: 20)
        let text = try #require(lines.first)
        let iconFrame = try #require(icon)
        // 20-point icon, 8 points, then 9 characters at 17 points: 119.8 wide, centred in the 160-point capsule.
        #expect(abs(iconFrame.minX - (capsule.frame.center.x - (20 + 8 + 9 * 17 * 0.6) / 2)) < 1e-9)
        #expect(abs(text.minX - (iconFrame.maxX + 8)) < 1e-9)
        #expect(abs(iconFrame.center.y - capsule.frame.center.y) < 1e-9)
        #expect(abs(text.center.y - capsule.frame.center.y) < 1e-9)
        #expect(capsule.frame.size == Size(160, 80) && capsule.outline == .capsule)
    }

    @Test func inRightToLeftTextTheIconLeadsFromTheRight() throws {
        let capsule = try scene("shape=capsule&label=" + QueryString.encode("שלום עולם") + "&icon=plus")
        let (icon, lines) = try placedGlyphs(capsule, iconSide: 20)
        let text = try #require(lines.first)
        let iconFrame = try #require(icon)
        #expect(abs(iconFrame.minX - (text.maxX + 8)) < 1e-9)
    }

    @Test func aLongLabelWithAnIconWidensTheFrameByBoth() throws {
        let circle = try scene("label=Order%20now&icon=plus")
        let padded = Size(20 + 8 + 9 * 17 * 0.6 + 32, 20 + 32)
        #expect(abs(circle.frame.width - (padded.width * padded.width + padded.height * padded.height).squareRoot()) < 1e-9)
        let rounded = try scene("shape=rounded&label=Order%20now&icon=plus")
        #expect(abs(rounded.frame.width - (20 + 8 + 9 * 17 * 0.6 + 2 * 16)) < 1e-9)
    }

    @Test(arguments: RenderSpec.TextSize.allCases)
    func atAccessibilitySizesTheIconGoesAboveTheWords(size: RenderSpec.TextSize) throws {
        let growth = size.pointSize / 17
        let capsule = try scene("shape=capsule&label=Order%20now&icon=plus&textsize=\(size.rawValue)")
        let (icon, lines) = try placedGlyphs(capsule, iconSide: 20 * growth)
        let iconFrame = try #require(icon)
        let first = try #require(lines.first)
        if size.isAccessibilitySize {
            #expect(abs(first.minY - (iconFrame.maxY + 8 * growth)) < 1e-9)
            #expect(abs(iconFrame.center.x - capsule.frame.center.x) < 1e-9)
            #expect(capsule.outline == .roundedRectangle(cornerRadius: 40))
            #expect(capsule.frame.height >= iconFrame.height + 8 * growth + lines.reduce(0) { $0 + $1.height } + 2 * 16)
        } else {
            #expect(abs(first.minX - (iconFrame.maxX + 8 * growth)) < 1e-9)
            #expect(abs(iconFrame.center.y - capsule.frame.center.y) < 1e-9)
            #expect(capsule.outline == .capsule)
        }
    }

    @Test(arguments: RenderSpec.TextSize.allCases)
    func anIconAloneGrowsWithTheTextSizeAndItsFrameWithIt(size: RenderSpec.TextSize) throws {
        let growth = size.pointSize / 17
        let circle = try scene("icon=heart&textsize=\(size.rawValue)")
        #expect(try placedGlyphs(circle, iconSide: 20 * growth).icon != nil)
        #expect(abs(circle.frame.width - (80 + max(0, 20 * growth - 20))) < 1e-9)
        #expect(circle.frame.width == circle.frame.height && circle.outline == .circle)
        let rounded = try scene("shape=rounded&width=120&height=60&icon=bell&textsize=\(size.rawValue)")
        let grown = max(0, 15 * growth - 15)
        #expect(abs(rounded.frame.width - (120 + grown)) < 1e-9 && abs(rounded.frame.height - (60 + grown)) < 1e-9)
        #expect(rounded.outline == .roundedRectangle(cornerRadius: 20))
    }

    @Test func atTheDefaultTextSizeAnIconAloneKeepsTheRequestedFrame() throws {
        for query in ["", "size=16&icon=play", "shape=capsule&icon=star", "shape=rounded&width=300&height=44"] {
            let spec = try RenderSpec.parse(query: query)
            let scene = try Scene(spec: spec, shaper: MonospacedShaper())
            #expect(scene.frame.size == Size(spec.component.frame.width, spec.component.frame.height), "\(query)")
            #expect(
                try placedGlyphs(scene, iconSide: min(spec.component.frame.width, spec.component.frame.height) / 4).icon != nil,
                "\(query)")
        }
    }

    @Test func linesBreakWhereTheShaperAllows() throws {
        // Between ideographs there is a break and no space; between words, a space that the break keeps out.
        let han = TextRun("立即訂購立即", size: 10, weight: .regular, color: .black)
        let lines = try LabelLayout.wrap(han, width: 25, hardWidth: 900, shaper: IdeographShaper())
        #expect(lines.map(\.string) == ["立即訂購", "立即"])
        let latin = TextRun("Order  the soup", size: 10, weight: .regular, color: .black)
        #expect(
            try LabelLayout.wrap(latin, width: 60, hardWidth: 900, shaper: MonospacedShaper()).map(\.string)
                == ["Order the", "soup"])
    }

    /// The runs of text a view draws, in drawing order.
    func texts(_ view: View) -> [String] {
        switch view {
        case .text(let run): [run.string]
        case .lines(let runs): runs.map(\.string)
        case .zStack(let children), .hStack(let children, _), .vStack(let children, _): children.flatMap(texts)
        case .frame(let child, _, _), .padding(let child, _), .shadow(let child, _), .blur(let child, _),
            .offset(let child, _, _), .layoutOffset(let child, _, _), .overlay(let child, _), .mask(let child, _),
            .opacity(let child, _):
            texts(child)
        default: []
        }
    }

    @Test func theSwitchShowsItsOwnWordsAndWidensForALongerOne() throws {
        let plain = try scene("component=switch")
        #expect(texts(plain.content) == ["ON", "OFF"] && plain.frame.width == 170)
        // Einschalten is 9 characters wider than ON: the track widens by their 91.8 points.
        let off = try scene("component=switch&onlabel=Einschalten&offlabel=Aus")
        let on = try scene("component=switch&onlabel=Einschalten&offlabel=Aus&on=true")
        #expect(abs(off.frame.width - (170 + 9 * 17 * 0.6)) < 1e-9 && on.frame == off.frame)
        #expect(off.frame.height == 60)
        // The knob cannot hide a word wider than ON, so it is drawn only when on; Aus hides as OFF does.
        #expect(texts(off.content) == ["Aus"])
        #expect(texts(on.content) == ["Einschalten", "Aus"])
        let short = try scene("component=switch&onlabel=%E9%96%8B&offlabel=%E9%97%9C")
        #expect(texts(short.content) == ["開", "關"] && short.frame.width == 170)
    }
}

/// Monospaced text that may break after every character, as between ideographs.
struct IdeographShaper: TextShaper {
    func shape(_ run: TextRun) throws -> ShapedLine {
        try MonospacedShaper().shape(run)
    }

    func lineBreakOpportunities(in run: TextRun) throws -> [String.Index] {
        Array(run.string.indices.dropFirst())
    }
}
