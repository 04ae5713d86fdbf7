import Foundation
import ReliefHTTPServer
import ReliefScreen
import ReliefSpec
import Testing

@testable import ReliefService

/// `/audit?source=…`: a screen's checks, each naming its element's line and column, cached like an
/// audit and refused as `/screen` refuses.
@Suite("/audit of a screen")
struct ScreenAuditRouteTests {
    static let player = """
        VStack(spacing: 24) {
            Text("Now playing").font(.headline)
            HStack(spacing: 2) {
                Button(size: 20, icon: .play)
                Button(size: 20, icon: .pause) // too close to play
            }
            Image(icon: .star)
            Slider(value: 0.4)
        }
        .padding(24)
        """

    /// `/audit?source=` of `layout` and the other parameters.
    static func target(_ layout: String, _ rest: String = "") -> String {
        "/audit?source=" + ScreenSource.encode(layout) + (rest.isEmpty ? "" : "&" + rest)
    }

    static func checks(_ response: HTTPResponse) throws -> [[String: Any]] {
        try #require(response.jsonObject?["checks"] as? [[String: Any]])
    }

    /// Every check names an element that starts at its line and column in the layout as sent.
    @Test func everyCheckNamesItsElementsLineAndColumn() async throws {
        let response = await ReliefApplication.forTesting().response(Self.target(Self.player, "style=dark"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let lines = Self.player.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        let checks = try Self.checks(response)
        for check in checks {
            let name = try #require(check["element"] as? String)
            let (line, column) = (try #require(check["line"] as? Int), try #require(check["column"] as? Int))
            let text = String(String.UnicodeScalarView(lines[line - 1].dropFirst(column - 1)))
            #expect(text.hasPrefix(name + "("), "\(name) at \(line):\(column): \(text)")
        }
        let named = Set(checks.map { "\($0["element"]!) \($0["line"]!):\($0["column"]!)" })
        #expect(named == ["Text 2:5", "Button 4:9", "Button 5:9", "Image 7:5", "Slider 8:5"])
        // The two small buttons crowd each other, each naming the other; the answer fails.
        let spacing = checks.filter { $0["id"] as? String == "target-spacing" && $0["element"] as? String == "Button" }
        #expect(spacing.map { $0["pass"] as? Bool } == [false, false])
        #expect(spacing.map { ($0["neighbour"] as? [String: Any])?["line"] as? Int } == [5, 4])
        #expect(response.jsonObject?["pass"] as? Bool == false)
    }

    /// Two spellings that put every element in the same place share one entry and one tag; one that
    /// moves an element is audited again, to name it where it now is.
    @Test func twoSpellingsOfOneScreenShareTheirCacheEntry() async throws {
        let app = ReliefApplication.forTesting()
        let respelled = """
            VStack(alignment: .center, spacing: 24.0) {
                Text("Now playing").font(.headline)
                HStack(spacing: 2) {
                    Button(icon: .play, size: 20, pressed: false)
                    Button(icon: .pause, size: 20)
                }
                Image(icon: .star) // a star
                Slider(value: 0.40, steps: 0)
            }
            .padding(24)
            """
        let first = await app.response(Self.target(Self.player, "style=soft"))
        let again = await app.response(Self.target(respelled, "scale=1&style=soft"))
        #expect(first.status == 200 && again.status == 200)
        let screen = try ScreenRequest.parse(query: "source=" + ScreenSource.encode(Self.player) + "&style=soft")
        let key = ReliefApplication.screenAuditKey(screen)
        #expect(key.hasPrefix("screen-audit?" + screen.canonicalQuery + "#"))
        #expect(
            key
                == ReliefApplication.screenAuditKey(
                    try ScreenRequest.parse(query: "source=" + ScreenSource.encode(respelled) + "&style=soft")))
        #expect(first.header("ETag") == EntityTag.forRender(canonicalQuery: key).headerValue)
        #expect(again.header("ETag") == first.header("ETag") && again.body == first.body)
        #expect(again.header("Server-Timing")?.hasSuffix("cache;desc=hit") == true)

        // The slider one line further down: its own entry, naming line 9.
        let moved = await app.response(
            Self.target(Self.player.replacingOccurrences(of: "    Slider", with: "\n    Slider"), "style=soft"))
        #expect(moved.header("ETag") != first.header("ETag"))
        #expect(try Self.checks(moved).filter { $0["element"] as? String == "Slider" }.allSatisfy { $0["line"] as? Int == 9 })
        // Neither a component's audit nor the screen's picture shares the key.
        #expect(!ReliefApplication.auditKey(canonicalQuery: screen.canonicalQuery).hasPrefix("screen-audit?"))
        #expect(!ReliefApplication.screenKey(canonicalQuery: screen.canonicalQuery).hasPrefix("screen-audit?"))
    }

    /// Refused as `/screen` refuses: a fault in the layout names its line and column.
    @Test(
        arguments: [
            ("VStack {\n    Buton()\n}", "", "source", 2, 5, "found the element `Buton`"),
            ("Slider(value: 1.5)", "", "source", 1, 8, "Slider(value: a number from 0 to 1)"),
            ("Button()", "pressed=true", "pressed", nil, nil, "write it in the layout"),
        ] as [(String, String, String, Int?, Int?, String)])
    func aRefusedScreenIsA400WithItsLineAndColumn(
        layout: String, rest: String, parameter: String, line: Int?, column: Int?, words: String
    ) async throws {
        let response = await ReliefApplication.forTesting().response(Self.target(layout, rest))
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == ProblemDetails.mediaType)
        let problem = try #require(response.jsonObject)
        #expect(problem["type"] as? String == "urn:relief:problem:invalid-screen")
        #expect(problem["parameter"] as? String == parameter)
        #expect(problem["line"] as? Int == line && problem["column"] as? Int == column, "\(problem)")
        #expect((problem["detail"] as? String)?.contains(words) == true, "\(problem)")
    }

    /// `source` makes the audit a screen's, its name read as the parser reads names.
    @Test func aQueryNamingSourceIsAScreen() async throws {
        let app = ReliefApplication.forTesting()
        let escaped = await app.response("/audit?sour%63e=" + ScreenSource.encode("Text(\"Hi\")"))
        #expect(try Self.checks(escaped).map { $0["element"] as? String } == ["Text"])
        let component = await app.response("/audit?style=dark&sources=1")
        #expect(component.status == 400 && component.jsonObject?["parameter"] as? String == "sources")
    }

    /// Its cost counts every component's audit, each drawn alone with its margin, the slider as wide
    /// as the screen offers it (390 points less the padding).
    @Test func aScreensAuditCostsItsComponentsAudits() throws {
        let screen = try ScreenRequest.parse(query: "source=" + ScreenSource.encode(Self.player))
        let cost = RenderCost.screenAudit(screen)
        let button = RenderCost.audit(try RenderSpec.parse(query: "size=20&icon=play"))
        let slider = RenderCost.audit(try RenderSpec.parse(query: "component=slider&value=0.4&width=342"))
        #expect(cost.work > 2 * button.work + slider.work)
        #expect(cost.memory == max(button.memory, slider.memory))
    }
}
