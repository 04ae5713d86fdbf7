import Testing

@testable import ReliefSpec

@Suite("Accessibility parameters")
struct AccessibilityParameterTests {
    @Test func defaultsDrawWhatWasDrawnBeforeAndStayOutOfTheCanonicalQuery() throws {
        let spec = try RenderSpec.parse(query: "textsize=l&contrast=standard&simulate=none&label=Go")
        #expect(spec.look.textSize == .l && spec.look.contrast == .standard && spec.output.simulation == .none)
        #expect(spec.canonicalQuery == (try RenderSpec.parse(query: "label=Go")).canonicalQuery)
    }

    @Test func givenValuesJoinTheCanonicalQueryAfterFormat() throws {
        let spec = try RenderSpec.parse(query: "simulate=protanopia&contrast=high&textsize=ax3&label=Order%20now")
        #expect(spec.canonicalQuery.hasSuffix("&format=png&textsize=ax3&contrast=high&simulate=protanopia"))
        #expect(try RenderSpec.parse(query: spec.canonicalQuery) == spec)
    }

    @Test func textSizeAppliesToALabelAndToAnIcon() throws {
        #expect(try RenderSpec.parse(query: "textsize=ax5").canonicalQuery.hasSuffix("&format=png&textsize=ax5"))
        #expect(try RenderSpec.parse(query: "icon=star&label=Go&textsize=ax5").look.textSize == .ax5)
        let bare = try RenderSpec.parse(query: "icon=none&textsize=ax5")
        #expect(bare.look.textSize == nil)
        #expect(!bare.canonicalQuery.contains("textsize"))
        #expect(try RenderSpec.parse(query: "component=card&textsize=xs&label=x") == RenderSpec.parse(query: "component=card"))
    }

    @Test func contrastAndSimulationApplyToEveryComponent() throws {
        let well = try RenderSpec.parse(query: "component=well&contrast=high&simulate=lowvision")
        #expect(well.canonicalQuery.hasSuffix("&contrast=high&simulate=lowvision"))
    }

    @Test func textSizesFollowTheDynamicTypeBodyTable() {
        #expect(RenderSpec.TextSize.allCases.map(\.pointSize) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(RenderSpec.TextSize.allCases.filter(\.isAccessibilitySize) == [.ax1, .ax2, .ax3, .ax4, .ax5])
    }

    @Test(arguments: [
        ("textsize=huge", "textsize", "one of xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5"),
        ("contrast=max", "contrast", "one of standard, high"),
        (
            "simulate=colorblind", "simulate",
            "one of none, lowvision, protanopia, deuteranopia, tritanopia, achromatopsia"
        ),
    ])
    func unknownValuesAreRefusedWithWhatIsAllowed(query: String, parameter: String, allowed: String) throws {
        let error = try #require(specError(query))
        #expect(error.parameter == parameter)
        #expect(error.allowed == allowed)
    }

    @Test func valuesAreLowercase() throws {
        let error = try #require(specError("simulate=Protanopia"))
        #expect(error.detail.hasSuffix("(values are lowercase)"))
    }
}
