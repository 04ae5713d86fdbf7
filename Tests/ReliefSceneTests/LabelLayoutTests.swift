import ReliefGeometry
import ReliefSpec
import Testing
@testable import ReliefScene

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
}
