import ReliefSpec
import Testing

@testable import ReliefAudit
@testable import ReliefRender
@testable import ReliefService

/// Every registered component has its unit in each layer above the scene (whose own test checks it):
/// the text formats, the audit and the render cost.
@Suite("Component units in every layer")
struct ComponentUnitLayerTests {
    @Test(arguments: RenderSpec.ComponentKind.allCases)
    func everyComponentHasItsUnits(kind: RenderSpec.ComponentKind) {
        #expect(kind.options as? any ComponentOutput.Type != nil, "no ComponentOutput for \(kind.rawValue)")
        #expect(kind.options as? any ComponentAudit.Type != nil, "no ComponentAudit for \(kind.rawValue)")
        #expect(kind.options as? any ComponentCost.Type != nil, "no ComponentCost for \(kind.rawValue)")
    }

    /// A switch's animation redraws about half its canvas between the ends; the others all of it.
    @Test func anAnimationCostsWhatItsComponentDeclares() throws {
        let toggle = try RenderSpec.parse(query: "component=toggle&animate=true")
        let button = try RenderSpec.parse(query: "component=button&animate=true")
        #expect(RenderCost.render(toggle).work > RenderCost.render(button).work)
        let still = try RenderSpec.parse(query: "component=switch"), card = try RenderSpec.parse(query: "component=card")
        #expect(RenderCost.workPerPixel(still) == 5 && RenderCost.workPerPixel(card) == 1)
    }
}
