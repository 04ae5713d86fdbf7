import ReliefGeometry
import ReliefSpec
import Testing

@testable import ReliefScene

/// The default margin is the scene's: as far as its shadows and blurs show past the frame in either
/// state (3σ past what casts them), at least the component's least margin.
@Suite("The margin a scene holds")
struct SceneMarginTests {
    func margin(_ query: String) throws -> Double? {
        try RenderSpec.parse(query: query).withMargin(shaper: MonospacedShaper()).output.margin
    }

    @Test(
        arguments: [
            // The seeds' light button: its main shadow at (10, 10), σ 10: 10 + 30.
            ("", 40.0),
            ("light=135", 40),
            // The light from the top turns (10, 10) to (0, 14.14): 44.14.
            ("light=0", 45),
            ("distance=50&blur=50", 200),
            ("distance=50&blur=50&light=top", 221),
            ("distance=0&blur=0", 40),
            // Dark and colorful cast from their ring, 2 points past the frame: 2 + 10 + 30.
            ("style=dark", 42),
            ("style=colorful&pressed=true", 42),
            // A soft well's small shadows stay inside it; its least margin holds.
            ("component=well&style=soft&light=top", 16),
            // A soft switch's knob casts (3, 3) at σ 3, scaled by 50/8, from inside its track.
            ("component=switch&style=soft&distance=50&blur=50", 65),
            ("light=0&margin=3", 3),
        ])
    func theMarginHoldsEveryShadowTheSceneCasts(query: String, expected: Double) throws {
        #expect(try margin(query) == expected, "\(query)")
    }

    /// Both states: a button pressed in casts no outer shadow, but its animation starts at rest.
    @Test func theMarginHoldsBothStates() throws {
        #expect(try margin("distance=30&pressed=true") == margin("distance=30"))
        let scene = try Scene(spec: RenderSpec.parse(query: "distance=30&pressed=true"), shaper: MonospacedShaper())
        #expect(scene.frame.minX == 30 + 30 && scene.size.width == 80 + 2 * 60)
    }
}

/// Each style's distance and blur are declared once, in ReliefSpec (`Style.ownDistance`, `ownBlur`,
/// the defaults of `distance` and `blur` and what `Lighting` scales against): the recipes the style
/// files write as the articles do cast their main shadow exactly there.
@Suite("A style's own distance and blur")
struct StyleShadowTests {
    /// The shadows of a view, outermost first.
    static func shadows(of view: View) -> [Shadow] {
        switch view {
        case .shadow(let child, let shadow): [shadow] + shadows(of: child)
        case .frame(let child, _, _), .padding(let child, _), .offset(let child, _, _), .layoutOffset(let child, _, _),
            .opacity(let child, _), .blur(let child, _), .mask(let child, _):
            shadows(of: child)
        case .overlay(let base, let overlay): shadows(of: base) + shadows(of: overlay)
        case .zStack(let children), .hStack(let children, _), .vStack(let children, _): children.flatMap(shadows)
        default: []
        }
    }

    @Test(arguments: RenderSpec.Style.allCases)
    func theMainShadowOfAButtonAtRestIsTheStylesOwn(style: RenderSpec.Style) throws {
        let scene = try Scene(spec: RenderSpec.parse(query: "style=\(style.rawValue)"), shaper: MonospacedShaper())
        let main = try #require(Self.shadows(of: scene.content).max { abs($0.x) < abs($1.x) })
        #expect(abs(main.x) == style.ownDistance && abs(main.y) == style.ownDistance, "\(main)")
        #expect(main.radius == style.ownBlur, "\(main)")
    }
}
