import Foundation
import ReliefSpec
import Testing

/// A screen's `format=swiftui`: one self-contained Swift file (SwiftUI is not on Linux, so `swiftc
/// -parse` checks its syntax) that declares every type it uses once and whose `ReliefScreen` is the
/// layout as written.
@Suite("A screen's SwiftUI")
struct ScreenSwiftUITests {
    /// Every component once, the toggle twice, so that two of one kind stand in one file.
    static let everyComponent = ScreenCase(name: "components", layout: .file("components"), query: "scale=1", style: .soft)

    static let cases = ScreenCase.all + [everyComponent]

    @Test func everyScreenParses() throws {
        try SVGFormatTests.withWorkFolder { work in
            let files = try Self.cases.map { screenCase in
                let file = work.appendingPathComponent(screenCase.name.replacing("-", with: "_") + ".swift")
                try Data(screenCase.text(.swiftui).utf8).write(to: file)
                return file
            }
            let (status, output) = try SwiftUIFormatTests.run(SwiftUIFormatTests.swiftc(), ["-parse"] + files.map(\.path))
            #expect(status == 0 && output.isEmpty, "swiftc -parse: \(output)")
        }
    }

    @Test(arguments: cases)
    func everyTypeUsedIsDeclaredOnce(_ screenCase: ScreenCase) throws {
        let code = try screenCase.text(.swiftui)
        let declared = code.matches(of: /(?m)^(?:struct|extension) (\w+)/).map { String($0.output.1) }
        #expect(Set(declared).count == declared.count, "declared more than once: \(declared)")
        let used = Set(code.matches(of: /\b(Relief\w+|CustomToggle\w*|AdaptiveStack)\b/).map { String($0.output.1) })
        #expect(used.subtracting(declared).isEmpty, "used, not declared: \(used.subtracting(declared))")
        #expect(declared.contains("ReliefScreen") && declared.contains("ReliefPreview"))
    }

    /// SPEC §14's example, line for line as written, each component by its own types.
    @Test func thePlayerReadsAsWritten() throws {
        try Self.expectLayout(
            of: ScreenCase.all[0],
            [
                "VStack(spacing: 24) {", "Text(\"Now playing\")", ".font(.headline)", "HStack(spacing: 16) {",
                ".buttonStyle(ReliefButtonStyle4())", ".buttonStyle(ReliefButtonStyle5())", ".buttonStyle(ReliefButtonStyle6())",
                "}", "ReliefSlider7()", "Toggle(isOn: $isOn8) {", ".toggleStyle(ReliefToggleStyle8())", "}", ".padding(24)",
            ])
    }

    /// The gallery's forms as written: a panel's code behind what it holds, in a ZStack; flexible
    /// frames, edge padding and text modifiers as SwiftUI writes them.
    @Test func aPanelHoldsItsContentAndTheModifiersAreAsWritten() throws {
        try Self.expectLayout(
            of: try #require(ScreenCase.all.first { $0.name == "sign-in-light" }),
            [
                "VStack(alignment: .leading, spacing: 16) {", "Text(\"Welcome back\")", ".font(.largeTitle)", ".bold()",
                "Text(\"Sign in to pick up where you left off.\")", ".foregroundStyle(.secondary)", "ZStack {",
                "ReliefCard4()", "VStack(alignment: .leading, spacing: 12) {", "ReliefTextField6()", "ReliefTextField7()",
                "ReliefCheckbox8()", "}", ".padding(20)", "}", ".buttonStyle(ReliefButtonStyle9())",
                ".frame(maxWidth: .infinity)", "Text(\"Forgot your password?\")", ".font(.footnote)",
                ".foregroundStyle(.secondary)", ".frame(maxWidth: .infinity)", "}", ".padding(.horizontal, 24)",
                ".padding(.vertical, 32)",
            ])
        try Self.expectLayout(
            of: try #require(ScreenCase.all.first { $0.name == "settings-form-dark" }),
            [
                "ZStack {", "ReliefWell5()", "VStack(alignment: .leading, spacing: 12) {", "Text(\"Volume\")",
                ".font(.headline)", "ReliefSlider8()", "ReliefProgress9()", "}", ".padding()", "}", ".font(.footnote)",
                ".foregroundStyle(.secondary)", ".lineLimit(2)", "ReliefTabbar15()", "}", ".padding(32)",
            ])
    }

    /// That `expected` are lines of `screenCase`'s `ReliefScreen`, in order, indentation aside.
    static func expectLayout(of screenCase: ScreenCase, _ expected: [String]) throws {
        let code = try screenCase.text(.swiftui)
        let body = try #require(code.firstRange(of: "struct ReliefScreen: View {").map { code[$0.upperBound...] })
        var rest = body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }[...]
        for line in expected {
            let found = try #require(rest.firstIndex(of: line), "\(line) is missing or out of order in:\n\(body)")
            rest = rest[(found + 1)...]
        }
    }

    /// The menu cell's row that becomes a column reads the environment's text size, and the panel
    /// of the settings screen is its look's background, its `.style` a comment.
    @Test func anAdaptiveStackAndAPanelAreWrittenAsSwiftUI() throws {
        let menu = try ScreenCase.all.first { $0.name == "menu-cell-ax3-light" }.map { try $0.text(.swiftui) } ?? ""
        #expect(menu.contains("AdaptiveStack(alignment: .topLeading, spacing: 16) {"))
        #expect(menu.contains("if dynamicTypeSize.isAccessibilitySize {"))
        #expect(menu.contains(".dynamicTypeSize(.accessibility3)"))
        let settings = try ScreenCase.all.first { $0.name == "settings-light" }.map { try $0.text(.swiftui) } ?? ""
        #expect(settings.contains(".padding(12)\n            // .style(.dark): "))
        #expect(settings.contains(".background(LinearGradient(Color.darkStart, Color.darkEnd))"), "\(settings)")
        #expect(settings.contains("Divider()\n                .overlay(Color.black.opacity(0.2))"))
        #expect(!settings.contains("AdaptiveStack"))
    }

    @Test func twoTogglesKeepTheirOwnState() throws {
        let code = try Self.everyComponent.text(.swiftui)
        #expect(code.contains("@State private var isOn3 = true") && code.contains("Toggle(isOn: $isOn3) {"))
        #expect(code.contains("@State private var isOn4 = false") && code.contains("Toggle(isOn: $isOn4) {"))
    }
}
