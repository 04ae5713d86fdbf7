import ReliefAudit
import ReliefRender
import ReliefSpec
import Testing

/// The audit of `query`, measured on the project's renders.
func audit(_ query: String) throws -> AccessibilityAudit {
    try AccessibilityAudit(spec: RenderSpec.parse(query: query), renderer: Renderer())
}

extension AccessibilityAudit {
    /// The check with `id`, if the component has it.
    func check(_ id: CheckID) -> Check? {
        checks.first { $0.id == id }
    }
}

/// `query` with every setting of `fix` given, replacing the value the query gave it.
func applying(_ fix: [AccessibilityAudit.Suggestion.Setting], to query: String) -> String {
    let kept = query.split(separator: "&").filter { pair in !fix.contains { pair.hasPrefix($0.parameter + "=") } }
    return (kept.map(String.init) + fix.map { "\($0.parameter)=\($0.value)" }).joined(separator: "&")
}

@Suite("Accessibility audit")
struct AccessibilityAuditTests {
    @Test func theLightIconIsSystemGrayOnOffWhite() throws {
        let measured = try audit("style=light")
        #expect(measured.query == (try RenderSpec.parse(query: "style=light")).canonicalQuery)
        #expect(measured.checks.map(\.id) == [.labelContrast, .controlContrast, .stateContrast, .targetSize])
        let label = try #require(measured.check(.labelContrast))
        // 2.51:1 by hand (SPEC §7): the icon's fully covered pixels are exactly system gray.
        #expect(try #require(label.ratio) > 2.505 && label.ratio! < 2.515)
        #expect(!label.pass)
        #expect(label.aaa?.required == 7)
        #expect(!measured.pass)
    }

    @Test func colorfulTellsStatesApartAndLightBarelyDoes() throws {
        let colorful = try #require(try audit("style=colorful").check(.stateContrast)?.ratio)
        let light = try #require(try audit("style=light").check(.stateContrast)?.ratio)
        #expect(colorful > 3)
        #expect(light < 1.5)
    }

    @Test func theControlCheckSaysWhereTheEdgeIsWeakest() throws {
        let control = try #require(try audit("style=dark").check(.controlContrast))
        #expect(!control.pass)
        #expect(
            control.detail.contains(
                #/where it is weakest, at the (top|bottom|left|right|top-left|top-right|bottom-left|bottom-right) /#))
    }

    @Test(arguments: RenderSpec.Style.allCases)
    func highContrastPassesEveryCheckAtRestAndActive(style: RenderSpec.Style) throws {
        for state in ["pressed=false", "pressed=true"] {
            for check in try audit("style=\(style.rawValue)&contrast=high&\(state)").checks {
                #expect(check.pass, "\(style) \(state): \(check.id) \(check.detail)")
            }
        }
    }

    @Test func anAnimationIsAuditedInTheStateItEndsOnAndSaysSo() throws {
        let animated = try audit("component=switch&style=colorful&on=true&animate=true")
        let still = try audit("component=switch&style=colorful&on=true")
        #expect(animated.checks.map(\.id) == still.checks.map(\.id))
        #expect(animated.checks.map(\.ratio) == still.checks.map(\.ratio) && animated.pass == still.pass)
        #expect(animated.note?.contains("state it ends on (on)") == true)
        #expect(still.note == nil)
    }

    @Test func componentsWithoutGlyphOrStateSkipThoseChecks() throws {
        #expect(try audit("component=well").checks.map(\.id) == [.controlContrast, .targetSize])
        #expect(try audit("component=card&style=soft").checks.map(\.id) == [.controlContrast, .targetSize])
        #expect(
            try audit("component=switch").checks.map(\.id)
                == [.labelContrast, .controlContrast, .stateContrast, .targetSize])
    }

    @Test func aContrastSuggestionSaysWhatHighContrastReachesAndFixesIt() throws {
        let label = try #require(try audit("style=light").check(.labelContrast))
        let suggestion = try #require(label.suggestion)
        #expect(suggestion.text == "contrast=high raises the label to 8.44:1, which passes AAA.")
        #expect(suggestion.fix == [.init(parameter: "contrast", value: "high")])
        let fixed = try audit(applying(suggestion.fix, to: "style=light"))
        #expect(fixed.check(.labelContrast)?.aaa?.pass == true)
        // Already at high contrast, or passing AAA, there is nothing to suggest.
        #expect(try audit("style=light&contrast=high").checks.allSatisfy { $0.suggestion == nil })
        #expect(try audit("style=dark").check(.labelContrast)?.suggestion == nil)
    }

    @Test func aSmallCircleIsToldTheSizeThatReaches44Points() throws {
        let target = try #require(try audit("size=20&icon=none").check(.targetSize))
        #expect(!target.pass)
        #expect(target.size?.width == 20)
        #expect(target.suggestion?.text == "size=44 or more makes the target 44×44 points.")
        #expect(target.suggestion?.fix == [.init(parameter: "size", value: "44")])
    }

    @Test(arguments: [
        ("size=30", [("size", "44")]),
        ("shape=rounded&width=30&height=100", [("width", "44")]),
        ("shape=capsule&width=120&height=20", [("height", "44")]),
        ("shape=rounded&width=20&height=20&component=toggle", [("width", "44"), ("height", "44")]),
        // The track must keep holding the knob: height + knob ≤ width.
        ("component=switch&width=50&height=24&knob=20&padding=4", [("width", "64"), ("height", "44")]),
        ("component=well&width=200&height=30", [("height", "44")]),
    ])
    func applyingATargetFixMakesTheTarget44Points(query: String, expected: [(String, String)]) throws {
        let fix = try #require(try audit(query).check(.targetSize)?.suggestion?.fix)
        #expect(fix.map(\.parameter) == expected.map(\.0))
        #expect(fix.map(\.value) == expected.map(\.1))
        let fixed = try #require(try audit(applying(fix, to: query)).check(.targetSize))
        #expect(fixed.aaa?.pass == true, "\(applying(fix, to: query)): \(fixed.detail)")
        #expect(fixed.suggestion == nil)
    }

    @Test func aLabelThatGrowsTheFrameMakesTheTargetLargeEnough() throws {
        let measured = try audit("shape=capsule&width=16&height=16&label=Order%20now&textsize=ax3")
        let grown = try #require(measured.check(.targetSize))
        #expect(grown.pass && grown.aaa?.pass == true)
        #expect(grown.suggestion == nil)
    }
}

/// `contrast=high` with colours of the user's own (SPEC §9).
@Suite("Accessibility audit of your colours")
struct CustomColourAuditTests {
    /// 50 colours from a fixed seed, the same on every run: a 64-bit linear congruential
    /// generator's top bytes (Knuth's MMIX constants).
    static let colours: [String] = {
        var state: UInt64 = 0x5EED_C010_0125
        return (0..<50).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let rgb = state >> 40
            let hex = String(rgb, radix: 16)
            return String(repeating: "0", count: 6 - hex.count) + hex
        }
    }()

    /// The edge reaches 3:1 and the icon 4.5:1 for every colour in every style, at rest, and
    /// pressed for every fifth colour.
    @Test(arguments: RenderSpec.Style.allCases)
    func highContrastPassesForFiftyColours(style: RenderSpec.Style) throws {
        for (index, colour) in Self.colours.enumerated() {
            for state in index % 5 == 0 ? ["pressed=false", "pressed=true"] : ["pressed=false"] {
                let query = "style=\(style.rawValue)&color=\(colour)&contrast=high&\(state)"
                let measured = try audit(query)
                for id in [AccessibilityAudit.CheckID.controlContrast, .labelContrast] {
                    let check = try #require(measured.check(id))
                    #expect(check.pass, "\(query): \(id) \(check.detail)")
                }
            }
        }
    }
}

@Suite("Suggestions for your colours")
struct ColourSuggestionTests {
    /// The light style's gray icon on a dark blue fails; the nearest tone of the blue that passes
    /// is suggested, and the fix applied to the query passes when audited again.
    @Test func aFailingLabelIsToldATonOfItsColourThatPasses() throws {
        let query = "style=light&color=2a3f66"
        let label = try #require(try audit(query).check(.labelContrast))
        #expect(!label.pass)
        let suggestion = try #require(label.suggestion)
        #expect(suggestion.fix.map(\.parameter) == ["color"])
        #expect(suggestion.text.contains(#/^color=[0-9a-f]{6}, a (darker|lighter) tone of this colour, raises the label to /#))
        #expect(suggestion.text.hasPrefix("color=" + suggestion.fix[0].value))
        #expect(try #require(try audit(applying(suggestion.fix, to: query)).check(.labelContrast)).pass)
    }

    @Test func theEdgeIsToldContrastHigh() throws {
        let control = try #require(try audit("style=soft&color=808080").check(.controlContrast))
        #expect(control.suggestion?.fix == [.init(parameter: "contrast", value: "high")])
    }

    @Test func aPressedColorfulLabelIsToldAnAccent() throws {
        let query = "style=colorful&pressed=true&accent=9ad0ff"
        let label = try #require(try audit(query).check(.labelContrast))
        #expect(!label.pass)
        let suggestion = try #require(label.suggestion)
        #expect(suggestion.fix.map(\.parameter) == ["accent"])
        #expect(try #require(try audit(applying(suggestion.fix, to: query)).check(.labelContrast)).pass)
    }
}

/// The audit measures labels in any script on their pixels, as it measures Latin ones.
@Suite("Audit of labels in other scripts")
struct LabelScriptAuditTests {
    func labelContrast(_ label: String) throws -> AccessibilityAudit.Check {
        try #require(try audit("style=light&shape=capsule&label=" + label).check(.labelContrast))
    }

    // 立即訂購 (Han) and اطلب الآن (Arabic): the words are the style's system gray, 2.51:1 on offWhite.
    @Test(arguments: ["%E7%AB%8B%E5%8D%B3%E8%A8%82%E8%B3%BC", "%D8%A7%D8%B7%D9%84%D8%A8%20%D8%A7%D9%84%D8%A2%D9%86"])
    func wordsInEveryScriptMeasureAsLatinOnesDo(label: String) throws {
        let latin = try #require(try labelContrast("Order").ratio)
        let check = try labelContrast(label)
        let ratio = try #require(check.ratio)
        #expect(abs(ratio - latin) < 0.005, "\(check.detail)")
        #expect(ratio > 2.505 && ratio < 2.515)
        #expect(!check.pass)
    }

    @Test func anEmojiIsMeasuredByItsOwnCommonestColour() throws {
        // A colour glyph has no one colour: the pizza's pale cheese, its commonest, is read against offWhite.
        let check = try labelContrast("%F0%9F%8D%95")
        let ratio = try #require(check.ratio)
        #expect(ratio > 1 && ratio < 1.5, "\(check.detail)")
        #expect(!check.detail.contains("#8e8e93"))
        #expect(!check.pass)
    }
}
