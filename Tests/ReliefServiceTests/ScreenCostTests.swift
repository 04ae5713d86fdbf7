import ReliefScreen
import ReliefSpec
import Testing

@testable import ReliefService

/// What a screen costs before it takes a worker: its texts' layout is work, so that screens of long
/// texts are large jobs and small renders never wait behind them.
@Suite("Screen costs")
struct ScreenCostTests {
    static let policy = RenderScheduler.Policy(configuration: .init())

    func cost(_ layout: String, _ query: String = "") throws -> RenderCost {
        let screen = try ScreenRequest.parse(
            query: "source=" + ScreenSource.encode(layout) + (query.isEmpty ? "" : "&" + query))
        return RenderCost.screen(screen)
    }

    func texts(_ count: Int, of length: Int) -> String {
        "VStack {\n" + String(repeating: "    Text(\"" + String(repeating: "w", count: length) + "\")\n", count: count) + "}"
    }

    /// 38 texts of 200 unbroken characters (the layout alone took a small-lane worker for a second),
    /// and 12 of 256 as JSON, are large jobs; a form's few short texts stay small.
    @Test(arguments: [("", 38, 200), ("format=json", 12, 256)])
    func longTextsAreLargeJobs(query: String, count: Int, length: Int) throws {
        let cost = try cost(texts(count, of: length), query)
        #expect(Self.policy.lane(work: cost.work, memory: cost.memory) == .large, "\(cost)")
    }

    @Test(arguments: ["", "format=json", "format=svg"])
    func aFormsShortTextsAreASmallJob(query: String) throws {
        let cost = try cost(texts(6, of: 24), query)
        #expect(Self.policy.lane(work: cost.work, memory: cost.memory) == .small, "\(cost)")
    }

    @Test func eachCharacterOfTextIsWork() throws {
        let one = try cost(texts(1, of: 100), "format=json"), two = try cost(texts(2, of: 100), "format=json")
        // The second text adds its characters and the fixed part of an element.
        #expect(two.work - one.work == 100 * RenderCost.textWorkPerCharacter + RenderCost.fixedWork)
    }

    /// A flexible control takes the width it is offered, so it is estimated as wide as it may be
    /// offered (the screen's 390 points less the padding and frames around it) rather than at its
    /// `/render` width; a panel as wide as its content may be.
    @Test func flexibleControlsAndPanelsAreEstimatedAtTheWidthTheyMayTake() throws {
        let layout = """
            VStack {
                TextField("Email")
                Card {
                    Slider().frame(maxWidth: 200)
                }
                .padding(.horizontal, 20)
                TextField("Name", width: 120)
            }
            .padding(32)
            """
        let screen = try ScreenRequest.parse(query: "source=" + ScreenSource.encode(layout))
        let estimated = RenderCost.estimatedSpecs(of: screen)
        #expect(estimated.map(\.component.frame.width) == [326, 286, 200, 120])
        // The card holds the slider: at least as tall as it.
        #expect(estimated[1].component.frame.height >= estimated[2].component.frame.height)
        let narrow = try cost(layout.replacing("TextField(\"Email\")", with: "TextField(\"Email\", width: 120)"))
        #expect(try cost(layout).work > narrow.work)
    }
}
