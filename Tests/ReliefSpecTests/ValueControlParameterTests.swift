import ReliefSpec
import Testing

/// SPEC §13's slider and progress indicator as parameters: their defaults, the ring's frame, snapping,
/// and each refusal naming its parameter.
@Suite("Slider and progress parameters")
struct ValueControlParameterTests {
    @Test func theDefaultsAreTheContractsOwn() throws {
        let slider = try #require(try RenderSpec.parse(query: "component=slider").component.sliderOptions)
        #expect(slider.value == 0.5 && slider.steps == 0 && slider.frame.width == 240 && slider.frame.height == 44)
        let bar = try #require(try RenderSpec.parse(query: "component=progress").component.progressOptions)
        #expect(bar.value == 0.6 && bar.form == .bar && bar.frame.width == 240 && bar.frame.height == 16)
        let ring = try #require(try RenderSpec.parse(query: "component=progress&circular=true").component.progressOptions)
        #expect(ring.form == .ring(thickness: 10) && ring.frame.width == 80 && ring.frame.height == 80)
    }

    /// A slider with steps shows the nearest stop, so two values that snap to one stop name one image.
    @Test func stepsSnapTheValueAndTheCanonicalQuery() throws {
        let snapped = try RenderSpec.parse(query: "component=slider&steps=2&value=0.7")
        #expect(snapped.component.sliderOptions?.value == 0.5)
        #expect(snapped.canonicalQuery == (try RenderSpec.parse(query: "component=slider&steps=2&value=0.4")).canonicalQuery)
        #expect(try RenderSpec.parse(query: "component=slider&value=0.7").component.sliderOptions?.value == 0.7)
    }

    /// Parameters of one value control do not apply to the other, nor the ring's to the bar.
    @Test func eachParameterAppliesWhereItDraws() throws {
        #expect(!(try RenderSpec.parse(query: "component=progress&thickness=20").canonicalQuery.contains("thickness")))
        #expect(
            try RenderSpec.parse(query: "component=progress&circular=true&thickness=20").canonicalQuery.contains("thickness=20"))
        #expect(!(try RenderSpec.parse(query: "component=progress&steps=3").canonicalQuery.contains("steps")))
        #expect(!(try RenderSpec.parse(query: "component=slider&circular=true").canonicalQuery.contains("circular")))
        #expect(!(try RenderSpec.parse(query: "component=slider").canonicalQuery.contains("radius")))
        #expect(!(try RenderSpec.parse(query: "component=button&value=0.3").canonicalQuery.contains("value")))
    }

    @Test(arguments: [
        ("component=slider&value=1.5", "value"),
        ("component=progress&value=-0.1", "value"),
        ("component=slider&steps=21", "steps"),
        ("component=slider&steps=2.5", "steps"),
        ("component=progress&circular=true&thickness=41", "thickness"),
        ("component=progress&circular=true&width=40&height=40&thickness=24", "thickness"),
        ("component=slider&width=20", "width"),
        ("component=slider&height=20", "height"),
        ("component=slider&animate=true&from=2", "from"),
        ("component=progress&animate=true&from=1.01", "from"),
        ("component=button&animate=true&from=0.5", "from"),
    ])
    func badValuesAreRefusedNamingTheParameter(query: String, parameter: String) throws {
        let error = try #require(specError(query), "\(query) is refused")
        #expect(error.parameter == parameter)
        #expect(!error.allowed.isEmpty)
    }

    /// The animation starts from `from`, or 0, and ends on the value asked for.
    @Test func theOtherStateIsTheStartOfTheAnimation() throws {
        let spec = try RenderSpec.parse(query: "component=slider&value=0.8&animate=true&from=0.2")
        #expect(spec.otherState.component.sliderOptions?.value == 0.2)
        let bar = try RenderSpec.parse(query: "component=progress&animate=true")
        #expect(bar.otherState.component.progressOptions?.value == 0)
    }
}
