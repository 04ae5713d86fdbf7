import Testing

@testable import ReliefSpec

/// A page's look and output (a screen's settings) read by the table's entries without a component:
/// each value and default as a component that takes the parameter has it, and refused as `/render`
/// refuses the query.
@Suite("Page look and output")
struct PageTests {
    func settings(_ pairs: [(String, String)]) throws -> QuerySettings {
        var settings = QuerySettings()
        for (name, value) in pairs { try settings.set(name, to: value) }
        return settings
    }

    /// The page's look and output are those of a text field (a component that reads every look and
    /// output parameter: words, a text size, an animation) drawn with the same query, in each style.
    @Test(
        arguments: [
            [], [("textsize", "ax2"), ("font", "mono"), ("lang", "zh-Hant")],
            [("color", "336699"), ("accent", "ff0000"), ("light", "90"), ("contrast", "high")],
            [("intensity", "0.3"), ("distance", "3"), ("blur", "12"), ("scale", "2.5")],
            [("margin", "7"), ("background", "transparent"), ("simulate", "protanopia")],
            [("animate", "true"), ("fps", "48"), ("loop", "true"), ("format", "webp")],
            [("format", "svg"), ("background", "102030")],
        ] as [[(String, String)]])
    func thePageIsTheLookAndOutputOfAComponentThatReadsThemAll(pairs: [(String, String)]) throws {
        for style in RenderSpec.Style.allCases {
            let settings = try settings([("style", style.rawValue)] + pairs)
            let page = try RenderSpec.Page(settings: settings)
            let field = try RenderSpec.parse(query: "component=textfield&" + settings.query)
            #expect(page.look == field.look && page.output == field.output, "\(settings.query)")
            #expect(RenderSpec.Look(settings: settings) == field.look)
        }
    }

    /// Where nothing is given, the page is `/render`'s defaults: the light style at its own relief,
    /// text size l, sans letters, scale 1, the style's background, a PNG and no animation.
    @Test func theEmptyPageHoldsTheDefaults() throws {
        let page = try RenderSpec.Page(settings: QuerySettings())
        #expect(page.look.style == .light && page.look.textSize == .l && page.look.font == .sans)
        #expect(page.look.intensity == RenderSpec.Style.light.ownIntensity && page.look.accent == nil)
        #expect(page.look.darkStyle == nil && page.look.language == nil)
        #expect(page.output.scale == 1 && page.output.margin == nil && page.output.background == .style)
        #expect(
            page.output.format == .png && page.output.animation == nil && page.output.simulation == RenderSpec.Simulation.none)
        #expect(try RenderSpec.Page(settings: settings([("style", "colorful")])).look.accent == .style)
    }

    /// Every name a page reads is an entry of the table, so a page never silently ignores a setting.
    @Test func everyNameAPageReadsIsAnEntryOfTheTable() {
        #expect(Set(RenderSpec.Page.entries.map { RenderSpec.parameters[$0].name }) == RenderSpec.Page.parameterNames)
    }

    /// A page is refused as a `/render` query is: with the same parameter and words.
    @Test(
        arguments: [
            ([("simulate", "deuteranopia"), ("format", "svg")], "simulate"),
            ([("animate", "true"), ("format", "html")], "animate"),
            ([("animate", "true"), ("format", "avif")], "format"),
        ] as [([(String, String)], String)])
    func aPageIsRefusedAsARenderIs(pairs: [(String, String)], parameter: String) throws {
        let settings = try settings(pairs)
        let error = try #require(throws: SpecError.self) { try RenderSpec.Page(settings: settings) }
        let render = try #require(throws: SpecError.self) {
            try RenderSpec.parse(query: "component=button&" + settings.query)
        }
        #expect(error.parameter == parameter && error == render)
    }
}
