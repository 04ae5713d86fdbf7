import Testing

@testable import ReliefSpec

@Suite("Animation parameters")
struct AnimationParameterTests {
    @Test func defaultsAreLeftOutOfTheCanonicalQuery() throws {
        let spec = try RenderSpec.parse(query: "animate=false&fps=30&loop=false&label=Go")
        #expect(spec.output.animation == nil)
        #expect(spec.canonicalQuery == (try RenderSpec.parse(query: "label=Go")).canonicalQuery)
        let animated = try RenderSpec.parse(query: "component=switch&on=true&animate=true&fps=30&loop=false")
        #expect(animated.output.animation == .init(framesPerSecond: 30, loops: false))
        #expect(animated.canonicalQuery.hasSuffix("&animate=true"))
    }

    @Test func givenValuesJoinTheCanonicalQueryAtItsEnd() throws {
        let spec = try RenderSpec.parse(query: "loop=true&fps=12&animate=true&component=toggle&simulate=protanopia")
        #expect(spec.canonicalQuery.hasSuffix("&simulate=protanopia&animate=true&fps=12&loop=true"))
        #expect(try RenderSpec.parse(query: spec.canonicalQuery) == spec)
    }

    @Test func fpsAndLoopApplyOnlyToAnAnimation() throws {
        #expect(try RenderSpec.parse(query: "fps=12&loop=true") == RenderSpec.parse(query: ""))
    }

    @Test func otherStateTogglesOnlyTheState() throws {
        let spec = try RenderSpec.parse(query: "component=switch&on=true&animate=true")
        #expect(!spec.otherState.component.isActive)
        #expect(spec.otherState.otherState == spec)
    }

    @Test(arguments: [
        ("animate=maybe", "animate", "one of true, false, 1, 0"),
        ("animate=true&fps=0", "fps", "10"),
        ("animate=true&fps=240", "fps", "60"),
        ("animate=true&loop=perhaps", "loop", "one of true, false, 1, 0"),
        ("component=well&animate=true", "animate", "button"),
        ("component=card&animate=true", "animate", "switch"),
        // An animation is an APNG: the text formats hold one still picture.
        ("component=switch&animate=true&format=svg", "animate", "format=png"),
        ("animate=true&format=swiftui", "animate", "format=png"),
    ])
    func badValuesAreRefusedNamingTheParameterAndWhatIsAllowed(query: String, parameter: String, allowed: String) throws {
        let error = try #require(specError(query))
        #expect(error.parameter == parameter)
        #expect(error.allowed.contains(allowed), "\(error.allowed)")
    }

    @Test func aWellOrCardMayLeaveAnimateOutOrFalse() throws {
        #expect(specError("component=well&animate=false") == nil)
        #expect(specError("component=card") == nil)
        #expect(specError("component=switch&animate=false&format=svg") == nil)
    }
}
