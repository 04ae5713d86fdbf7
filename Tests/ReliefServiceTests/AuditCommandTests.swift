import Foundation
import Testing

@testable import ReliefService

/// `relief audit`, run as the built executable, against the `/audit` route.
@Suite("relief audit")
struct AuditCommandTests {
    @Test(arguments: [
        "style=light",
        "component=switch&style=dark&on=true&contrast=high",
        "shape=rounded&width=30&height=100&simulate=lowvision&scale=2",
        "shape=capsule&label=Order%20now&textsize=ax2",
    ])
    func printsTheBytesTheRouteAnswers(query: String) async throws {
        let run = try runRelief(["audit", query])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let route = await ReliefApplication.forTesting().response("/audit?" + query)
        #expect(route.status == 200)
        #expect([UInt8](run.stdout) == route.body)
    }

    @Test(arguments: [
        "simulate=colourblind",
        "size=2000",
        "style=light&style=dark",
        // Refused only once the label is shaped, as on the route.
        "shape=rounded&width=16&height=16&textsize=ax5&scale=4&margin=256&label="
            + Array(repeating: "a", count: 32).joined(separator: "+"),
    ])
    func refusesWhatTheRouteRefusesWithItsProblemOnStandardError(query: String) async throws {
        let run = try runRelief(["audit", query])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        let route = await ReliefApplication.forTesting().response("/audit?" + query)
        #expect(route.status == 400)
        let detail = try #require(route.jsonObject?["detail"] as? String)
        #expect(run.stderr.hasPrefix("relief audit: "), "\(run.stderr)")
        #expect(run.stderr.contains(detail), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func withoutAQueryItPrintsItsUsage() throws {
        let run = try runRelief(["audit"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("usage: relief audit 'QUERY'"))
    }
}
