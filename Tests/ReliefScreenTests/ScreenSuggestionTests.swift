import ReliefSpec
import Testing

@testable import ReliefScreen

/// An unknown element, argument label or modifier is answered with the name it most likely meant.
@Suite("Screen suggestions")
struct ScreenSuggestionTests {
    @Test(
        arguments: [
            ("VStack {\n    Toggle(\"A\", checked: true)\n}", ScreenError.Kind.unknownArgument, 2, 17, "isOn"),
            ("Checkbox(\"A\", isChecked: true)", .unknownArgument, 1, 15, "isOn"),
            ("Button(title: \"Play\")", .unknownArgument, 1, 8, "label"),
            ("Slider(vlaue: 0.4)", .unknownArgument, 1, 8, "value"),
            ("VStack(spacng: 8) {\n    Text(\"A\")\n}", .unknownArgument, 1, 8, "spacing"),
            ("Vstack {\n    Text(\"A\")\n}", .unknownElement, 1, 1, "VStack"),
            ("HStack {\n    Buton()\n}", .unknownElement, 2, 5, "Button"),
            ("Text(\"A\").colour(\"ff0000\")", .unknownModifier, 1, 11, ".color"),
            ("Text(\"A\").tint(\"ff0000\")", .unknownModifier, 1, 11, ".accent"),
            ("Text(\"A\").paddng(8)", .unknownModifier, 1, 11, ".padding"),
            ("Text(\"A\").blur(3)", .unknownModifier, 1, 11, ".shadowBlur"),
            ("Text(\"A\").intensty(0.2)", .unknownModifier, 1, 11, ".intensity"),
        ] as [(String, ScreenError.Kind, Int, Int, String)])
    func anUnknownNameIsAnsweredWithTheNameMeant(
        layout: String, kind: ScreenError.Kind, line: Int, column: Int, meant: String
    ) throws {
        let error = try #require(parseError(layout))
        #expect(error.kind == kind)
        #expect(error.location == SourceLocation(line: line, column: column))
        #expect(error.suggestion == meant)
        #expect(error.expected.hasPrefix("one of "), "\(error.expected)")
        #expect(error.description.hasSuffix("; did you mean `\(meant)`?"), "\(error)")
    }

    @Test(arguments: ["Gizmo()", "Text(\"A\").zzz(1)", "Slider(xyzzy: 1)", "Text(\"A\").shadow(radius: 2)"])
    func aNameFarFromEveryKnownOneHasNoSuggestion(layout: String) throws {
        let error = try #require(parseError(layout))
        #expect(error.suggestion == nil && !error.description.contains("did you mean"), "\(error)")
    }

    @Test func anUnlabelledArgumentWhereNoneIsTakenHasNoSuggestion() throws {
        let error = try #require(parseError("Slider(0.4)"))
        #expect(error.kind == .unknownArgument && error.suggestion == nil)
    }

    /// A request keeps the suggestion beside the parameter, what it allows and where in the layout.
    @Test func aScreenRequestCarriesTheSuggestionWithItsPlace() throws {
        let error = try #require(throws: ScreenRequestError.self) {
            try ScreenRequest(text: "VStack {\n    Toggle(\"A\", checked: true)\n}", settings: QuerySettings())
        }
        #expect(error.problem.parameter == "source" && error.problem.allowed.hasPrefix("one of "))
        #expect(error.location == SourceLocation(line: 2, column: 17))
        #expect(error.problem.suggestion == "isOn")
        #expect(error.problem.detail.hasSuffix("did you mean `isOn`?"))
    }

    @Test func aScreensQueryGetsTheSettingMeant() throws {
        let error = try #require(throws: ScreenRequestError.self) {
            try ScreenRequest.parse(text: "Button()", query: "bg=ffffff")
        }
        #expect(error.problem.parameter == "bg" && error.problem.suggestion == "background")
        #expect(error.location == nil)
    }
}
