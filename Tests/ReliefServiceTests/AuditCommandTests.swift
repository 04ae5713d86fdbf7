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

    /// A screen from a file: the bytes `/audit?source=…` answers, its checks naming lines of the file.
    @Test(arguments: ["", "style=dark&textsize=ax1"])
    func printsTheBytesTheRouteAnswersForAScreen(query: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(ScreenAuditRouteTests.player, to: "player.txt")
        let run = try runRelief(["audit", "--screen", directory.path + "/player.txt"] + (query.isEmpty ? [] : [query]))
        #expect(run.status == 0, "\(run.stderr)")
        let route = await ReliefApplication.forTesting().response(
            ScreenAuditRouteTests.target(ScreenAuditRouteTests.player, query))
        #expect(route.status == 200)
        #expect([UInt8](run.stdout) == route.body)
    }

    /// A fault in the layout is reported with its line and column, as the route's 400 says it.
    @Test func refusesALayoutNamingItsLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("VStack {\n    Buton()\n}", to: "broken.txt")
        let run = try runRelief(["audit", "--screen", directory.path + "/broken.txt"])
        #expect(run.status == 2 && run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("relief audit: line 2, column 5: found the element `Buton`"), "\(run.stderr)")
    }

    @Test func withoutAQueryItPrintsItsUsage() throws {
        let run = try runRelief(["audit"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("usage: relief audit 'QUERY'"))
    }
}
