import ReliefGeometry
import Testing

@testable import ReliefScene

@Test func shapersWithoutLineBreakingRulesBreakAfterSpaces() throws {
    let run = TextRun("Order  the soup", size: 17, weight: .regular, color: .black)
    let breaks = try MonospacedShaper().lineBreakOpportunities(in: run)
    #expect(breaks.map { run.string[$0...].first } == ["t", "s"])
    #expect(breaks.map { run.string.distance(from: run.string.startIndex, to: $0) } == [7, 11])
}
