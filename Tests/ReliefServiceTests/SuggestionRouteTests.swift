import Foundation
import ReliefScreen
import ReliefSpec
import Testing

@testable import ReliefService

/// An unknown name in a query or layout is answered with the name meant, in the problem's `suggestion`
/// and at the end of its `detail`, beside its `parameter`, `allowed` and place in the layout.
@Suite("Suggestions in problems")
struct SuggestionRouteTests {
    static let app = ReliefApplication.forTesting()

    /// The problem `target` is answered with, after checking it is a 400 that meets the published schema.
    static func problem(_ target: String, method: String = "GET", body: String = "") async throws -> [String: Any] {
        let response = await app.response(target, method: method, body: Array(body.utf8))
        #expect(response.status == 400, "\(target)")
        #expect(response.header("Content-Type") == ProblemDetails.mediaType)
        let document = try JSONDocument(await app.response("/openapi.json").body)
        let schema = try #require(document.at("components", "schemas", "Problem"))
        #expect(violations(of: schema, by: try JSONDocument(response.body)) == [], "\(response.bodyText)")
        return try #require(response.jsonObject)
    }

    @Test(arguments: [
        ("component=checkbox&checked=true", "checked", "on"), ("colour=ff0000", "colour", "color"),
        ("presed=true", "presed", "pressed"), ("dpr=2", "dpr", "scale"), ("component=toggle&isOn=true", "isOn", "on"),
    ])
    func renderAndAuditSuggestTheParameterMeant(query: String, parameter: String, meant: String) async throws {
        for route in ["/render", "/audit"] {
            let problem = try await Self.problem(route + "?" + query)
            #expect(problem["parameter"] as? String == parameter)
            #expect(problem["allowed"] as? String == "one of " + RenderSpec.parameterNames.joined(separator: ", "))
            #expect(problem["suggestion"] as? String == meant)
            #expect((problem["detail"] as? String)?.hasSuffix("; did you mean `\(meant)`?") == true, "\(problem)")
        }
    }

    @Test func aNameFarFromEveryParameterHasNoSuggestionMember() async throws {
        let problem = try await Self.problem("/render?zzz=1")
        #expect(problem["parameter"] as? String == "zzz" && problem["suggestion"] == nil)
    }

    @Test(
        arguments: [
            ("VStack {\n    Toggle(\"A\", checked: true)\n}", 2, 17, "isOn"),
            ("Vstack {\n    Text(\"A\")\n}", 1, 1, "VStack"),
            ("Text(\"A\").colour(\"ff0000\")", 1, 11, ".color"),
        ] as [(String, Int, Int, String)])
    func aLayoutsUnknownNameIsAnsweredWithTheNameMeantAndItsPlace(
        layout: String, line: Int, column: Int, meant: String
    ) async throws {
        let source = ScreenSource.encode(layout)
        let answers = [
            try await Self.problem("/screen?source=" + source),
            try await Self.problem("/audit?source=" + source),
            try await Self.problem("/screen", method: "POST", body: layout),
        ]
        for problem in answers {
            #expect(problem["parameter"] as? String == "source")
            #expect((problem["allowed"] as? String)?.hasPrefix("one of ") == true)
            #expect(problem["line"] as? Int == line && problem["column"] as? Int == column, "\(problem)")
            #expect(problem["suggestion"] as? String == meant)
            #expect((problem["detail"] as? String)?.hasSuffix("; did you mean `\(meant)`?") == true, "\(problem)")
        }
    }

    @Test func aScreensQuerySuggestsTheSettingMeant() async throws {
        let problem = try await Self.problem("/screen?source=" + ScreenSource.encode("Button()") + "&bg=ffffff")
        #expect(problem["parameter"] as? String == "bg" && problem["suggestion"] as? String == "background")
        #expect(problem["line"] == nil)
    }

    @Test func theProblemSchemaPublishesTheSuggestion() async throws {
        let document = try JSONDocument(await ReliefApplication.forTesting().response("/openapi.json").body)
        let suggestion = try #require(document.at("components", "schemas", "Problem", "properties", "suggestion"))
        #expect(suggestion["type"] == .string("string"))
    }
}
