import Testing

@testable import ReliefSpec

@Suite("Resolution: defaults per component, state, applicability")
struct ComponentResolutionTests {
    @Test(arguments: [
        ("", 80.0, 80.0, 40.0),
        ("shape=rounded", 80, 80, 20),
        ("shape=capsule", 160, 80, 40),
        ("component=toggle", 80, 80, 40),
        ("component=toggle&shape=capsule", 160, 80, 40),
        ("component=switch", 170, 60, 30),
        ("component=well", 170, 60, 30),
        ("component=card", 300, 300, 25),
    ])
    func defaultFrames(query: String, width: Double, height: Double, radius: Double) throws {
        let spec = try RenderSpec.parse(query: query)
        #expect(spec.component.frame.width == width)
        #expect(spec.component.frame.height == height)
        #expect(spec.component.frame.radius == radius)
    }

    @Test func aCircleIsSizeBySizeWithHalfThatAsRadius() throws {
        let spec = try RenderSpec.parse(query: "size=120&width=30&height=40&radius=5")
        #expect(spec.component.frame.width == 120)
        #expect(spec.component.frame.height == 120)
        #expect(spec.component.frame.radius == 60)
    }

    @Test func aCapsuleRadiusIsAlwaysHalfItsHeight() throws {
        let spec = try RenderSpec.parse(query: "shape=capsule&width=200&height=50&radius=3&size=99")
        #expect(spec.component.frame.width == 200)
        #expect(spec.component.frame.height == 50)
        #expect(spec.component.frame.radius == 25)
    }

    @Test func switchesWellsAndCardsAreRoundedRectangles() throws {
        for component in ["switch", "well", "card"] {
            let spec = try RenderSpec.parse(query: "component=\(component)&shape=circle&size=20&radius=12")
            #expect(spec.component.shape == .rounded)
            #expect(spec.component.frame.radius == 12)
            #expect(spec.component.frame.width != 20)
        }
    }

    @Test(arguments: [
        ("pressed=true", true), ("on=true", false), ("pressed=1&on=0", true),
        ("component=toggle&on=true", true), ("component=toggle&pressed=true", false),
        ("component=switch&on=1", true), ("component=switch&pressed=1", false),
        ("component=well&on=true&pressed=true", false), ("component=card&on=true&pressed=true", false),
    ])
    func stateComesFromTheComponentsOwnParameter(query: String, isActive: Bool) throws {
        #expect(try RenderSpec.parse(query: query).component.isActive == isActive)
    }

    @Test func aLabelDrawsNoIconUnlessOneIsGiven() throws {
        #expect(try RenderSpec.parse(query: "label=Go").component.face?.icon == RenderSpec.Icon.none)
        let spec = try RenderSpec.parse(query: "icon=star&label=Go")
        #expect(spec.component.face?.label == "Go")
        #expect(spec.component.face?.icon == .star)
    }

    @Test func componentsWithoutIconsHoldNone() throws {
        for component in ["switch", "well", "card"] {
            let spec = try RenderSpec.parse(query: "component=\(component)&icon=star&label=Go")
            // Only a button's or toggle's payload has a face, so none holds an icon or label.
            #expect(spec.component.face == nil)
        }
    }

    @Test func ignoredParametersTakeFixedValues() throws {
        let plain = try RenderSpec.parse(query: "component=card")
        let noisy = try RenderSpec.parse(
            query: "component=card&pressed=1&on=1&shape=capsule&size=99&depth=shallow"
                + "&knob=3&padding=2&icon=bell&label=x")
        #expect(noisy == plain)
    }

    @Test func ignoredParametersAreStillChecked() throws {
        #expect(specError("component=card&icon=smile")?.parameter == "icon")
        #expect(specError("component=well&knob=2000")?.parameter == "knob")
        #expect(specError("component=switch&depth=flat")?.parameter == "depth")
        #expect(specError("component=card&label=")?.parameter == "label")
        #expect(specError("shape=capsule&radius=-1")?.parameter == "radius")
    }

    @Test func depthBelongsToWells() throws {
        #expect(try RenderSpec.parse(query: "component=well&depth=shallow").component.wellOptions?.depth == .shallow)
        #expect(try RenderSpec.parse(query: "component=switch&depth=shallow").component.wellOptions == nil)
    }

    @Test(arguments: RenderSpec.ComponentKind.allCases)
    func theLeastMarginIsFortyExceptSoftWellsSwitchesAndSegmentedControls(component: RenderSpec.ComponentKind) throws {
        for style in RenderSpec.Style.allCases {
            let spec = try RenderSpec.parse(query: "component=\(component.rawValue)&style=\(style.rawValue)")
            let small: [RenderSpec.ComponentKind] = [
                .well, .switch, .slider, .progress, .segmented, .checkbox, .radio, .textfield,
            ]
            let soft = style == .soft && small.contains(component)
            #expect(spec.output.margin == nil)
            #expect(spec.leastMargin == (soft ? 16 : 40))
            #expect(spec.leastMargin == RenderSpec.leastMargin(for: component, style: style))
        }
    }

    @Test func anExplicitMarginAlwaysWins() throws {
        #expect(try RenderSpec.parse(query: "component=well&style=soft&margin=50").output.margin == 50)
        #expect(try RenderSpec.parse(query: "margin=0").output.margin == 0)
    }

    @Test func theDefaultSpecIsTheEmptyQuery() throws {
        #expect(try RenderSpec.parse(query: "") == RenderSpec())
    }
}

@Suite("Switch proportions")
struct SwitchProportionTests {
    @Test func theKnobFrameMayFillTheWidthExactly() throws {
        #expect(specError("component=switch&width=100&height=60&knob=40") == nil)
    }

    @Test func aKnobWiderThanTheTrackAllowsIsAnErrorOnKnob() throws {
        let error = try #require(specError("component=switch&width=100&height=60&knob=41"))
        #expect(error.parameter == "knob")
        #expect(error.allowed == "a number from 0 to 1024, at most width - height")
        #expect(error.detail == "knob must be at most width - height (100 - 60 = 40) for the knob to fit the switch; got \"41\"")
    }

    @Test func aTrackNarrowerThanTallFailsWithTheDefaultKnob() throws {
        #expect(specError("component=switch&width=50")?.parameter == "knob")
    }

    @Test func paddingMustStayUnderHalfTheHeight() throws {
        #expect(specError("component=switch&padding=29.5") == nil)
        let error = try #require(specError("component=switch&padding=30"))
        #expect(error.parameter == "padding")
        #expect(error.allowed == "a number from 0 to 256, less than half the height")
        #expect(
            error.detail == "padding must be less than half the height (60 / 2 = 30) for the knob to keep some height; got \"30\""
        )
    }

    @Test func otherComponentsSkipTheCrossChecks() throws {
        #expect(specError("component=well&width=50&knob=100&padding=200") == nil)
        #expect(specError("knob=1024&padding=256") == nil)
    }
}
