import ReliefGeometry
import ReliefMotion
import ReliefSpec
import Testing

@testable import ReliefScene

@Suite("Views between two states")
struct ViewInterpolationTests {
    let dark = View.fill(.roundedRectangle(cornerRadius: 4), .color(.black)).frame(width: 20, height: 10)
    let light = View.fill(.roundedRectangle(cornerRadius: 8), .color(.white)).frame(width: 40, height: 10)

    @Test func theEndsAreExactlyTheTwoViews() {
        #expect(dark.interpolated(to: light, by: 0) == dark)
        #expect(dark.interpolated(to: light, by: 1) == light)
    }

    @Test func matchingStructureMovesItsNumbersAndColours() {
        let half = dark.interpolated(to: light, by: 0.5)
        #expect(
            half
                == .fill(.roundedRectangle(cornerRadius: 6), .color(Color(red: 0.5, green: 0.5, blue: 0.5)))
                .frame(width: 30, height: 10))
    }

    @Test func differingStructureCrossfadesAndAPartOfOneStateFades() {
        let word = View.text(TextRun("ON", size: 17, weight: .bold, color: .black))
        #expect(dark.interpolated(to: word, by: 0.25) == .zStack([dark.opacity(0.75), word.opacity(0.25)]))
        #expect(View.empty.interpolated(to: word, by: 0.25) == word.opacity(0.25))
        #expect(word.interpolated(to: .empty, by: 0.25) == word.opacity(0.75))
    }

    /// A frame's scene at the start is the other state's still and at the end the asked-for
    /// state's, the very same trees, for every kind of change.
    @Test(arguments: [
        "style=colorful&pressed=true&animate=true",
        "component=toggle&style=dark&on=true&animate=true&icon=power&label=Go",
        "component=switch&style=soft&on=true&animate=true",
        "component=switch&style=light&animate=true&onlabel=Einschalten",
    ])
    func aTransitionStartsAndEndsOnTheStills(query: String) throws {
        let spec = try RenderSpec.parse(query: query)
        let transition = try SceneTransition(spec: spec, shaper: MonospacedShaper())
        #expect(try transition.scene(at: 0) == Scene(spec: spec.otherState, shaper: MonospacedShaper()))
        #expect(try transition.scene(at: transition.timeline.duration) == Scene(spec: spec, shaper: MonospacedShaper()))
        #expect(try transition.scene(at: transition.timeline.duration / 2) != transition.scene(at: 0))
    }
}
