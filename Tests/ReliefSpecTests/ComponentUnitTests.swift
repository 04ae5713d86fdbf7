import Testing

@testable import ReliefSpec

/// Each component is one unit that declares what it reads; the table follows those declarations.
@Suite("Component units")
struct ComponentUnitTests {
    @Test(arguments: RenderSpec.ComponentKind.allCases)
    func eachKindResolvesToItsOwnPayload(kind: RenderSpec.ComponentKind) throws {
        let spec = try RenderSpec.parse(query: "component=\(kind.rawValue)")
        #expect(kind.options.kind == kind && spec.component.kind == kind)
        #expect(type(of: spec.component.options) == kind.options)
    }

    /// A shared parameter applies exactly to the components that declare it (with the button's
    /// default shape, a circle, whose frame is `size`).
    @Test(arguments: RenderSpec.ComponentKind.allCases)
    func sharedParametersApplyWhereDeclared(kind: RenderSpec.ComponentKind) throws {
        let spec = try RenderSpec.parse(query: "component=\(kind.rawValue)")
        let declared: [(parameter: String, shared: [RenderSpec.SharedParameter])] = [
            ("on", [.on]), ("shape", [.face]), ("size", [.face]), ("icon", [.face]), ("width", [.frame, .widthAndHeight]),
            ("height", [.frame, .widthAndHeight]), ("radius", [.frame]), ("surface", [.surface]), ("animate", [.animation]),
            ("value", [.value]), ("from", [.from]),
        ]
        for (name, shared) in declared {
            // from applies with animate=true only.
            let spec =
                name == "from" && kind.uses(.animation)
                ? try RenderSpec.parse(query: "component=\(kind.rawValue)&animate=true") : spec
            #expect(spec.applies(name) == shared.contains(where: kind.uses), "\(name) for \(kind.rawValue)")
        }
    }

    @Test(arguments: RenderSpec.ComponentKind.allCases)
    func theDefaultFrameIsTheDeclaredOne(kind: RenderSpec.ComponentKind) throws {
        let query = "component=\(kind.rawValue)" + (kind.uses(.face) ? "&shape=rounded" : "")
        #expect(try RenderSpec.parse(query: query).component.frame == kind.options.defaultFrame)
    }

    @Test(arguments: RenderSpec.ComponentKind.allCases)
    func theFileNameSaysTheActiveState(kind: RenderSpec.ComponentKind) throws {
        let spec = try RenderSpec.parse(query: "component=\(kind.rawValue)")
        guard let words = kind.options.stateWords else {
            // Without state words it is itself in the other state, unless it changes between choices
            // of its own (a segment, a tab), which its query names and its file name does not.
            #expect((spec.otherState == spec) == !kind.changesState)
            #expect(spec.otherState.fileName == spec.fileName)
            return
        }
        #expect(spec.otherState.fileName == "relief-light-\(kind.rawValue)-\(words.active).png")
        #expect(spec.fileName == "relief-light-\(kind.rawValue).png")
    }
}
