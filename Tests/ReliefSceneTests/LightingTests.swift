import ReliefGeometry
import ReliefSpec
import Testing

@testable import ReliefScene

/// `View.lit(by:)`: the recipes turned with the light and scaled by distance and blur.
@Suite("Light direction, distance and blur")
struct LightingTests {
    static func lighting(_ query: String) throws -> Lighting? {
        Lighting(look: try RenderSpec.parse(query: query).look)
    }

    @Test func theSeedsLightAtTheStylesOwnReliefIsNoTransform() throws {
        for query in ["", "light=topleft", "light=315&distance=10&blur=10", "style=soft&distance=8&blur=8"] {
            #expect(try Self.lighting(query) == nil, "\(query)")
        }
        #expect(try Self.lighting("style=soft&distance=10") != nil)
    }

    @Test func defaultScenesAreDrawnUntouched() throws {
        for style in RenderSpec.Style.allCases {
            let spec = try RenderSpec.parse(query: "style=\(style.rawValue)")
            let scene = try Scene(spec: spec, shaper: MonospacedShaper())
            let plain = style.recipes(contrast: .standard).surface(.circle, isActive: false)
            #expect(scene.content == .zStack([plain, try #require(IconArtwork.path(for: .heart)).artwork(spec: spec)]))
        }
    }

    @Test func offsetsTurnClockwiseOnScreen() throws {
        let bottomRight = try #require(try Self.lighting("light=bottomright"))
        #expect(bottomRight.offset(x: 10, y: 10) == (-10, -10))
        let top = try #require(try Self.lighting("light=top"))
        let moved = top.offset(x: 10, y: 10)
        #expect(abs(moved.x) < 1e-12 && abs(moved.y - 10 * 2.0.squareRoot()) < 1e-12)
        // Light from the right casts the shadow straight to the left.
        let right = try #require(try Self.lighting("light=right"))
        #expect(right.offset(x: 10, y: 10) == (-10 * 2.0.squareRoot(), 0))
        let doubled = try #require(try Self.lighting("distance=20"))
        #expect(doubled.offset(x: -5, y: -5) == (-10, -10))
    }

    @Test func gradientAxesTurnInTheUnitSquare() throws {
        let diagonal = Fill.diagonal(.white, .black)
        #expect(
            try #require(try Self.lighting("light=135")).fill(diagonal)
                == .linearGradient(from: .white, to: .black, start: .bottomTrailing, end: .topLeading))
        #expect(
            try #require(try Self.lighting("light=0")).fill(diagonal)
                == .linearGradient(from: .white, to: .black, start: .top, end: .bottom))
        // Seed 004's vertical masks turn as directions too: light from the bottom-right runs them bottom to top.
        #expect(
            try #require(try Self.lighting("light=135")).fill(.vertical(.black, .clear))
                == .linearGradient(from: .black, to: .clear, start: .bottom, end: .top))
        #expect(try #require(try Self.lighting("light=135")).fill(.color(.white)) == .color(.white))
    }

    @Test func everyShadowOffsetAndBlurOfTheTreeChanges() throws {
        let lighting = try #require(try Self.lighting("light=135&distance=20&blur=5"))
        let view = SceneShape.circle.fill(.white)
            .overlay(
                SceneShape.circle.stroke(.black, lineWidth: 2).blur(radius: 4).offset(x: 2, y: 2)
                    .mask(SceneShape.circle.fill(.diagonal(.black, .clear)))
            )
            .shadow(color: .black, radius: 10, x: 10, y: 10)
        let lit = SceneShape.circle.fill(.white)
            .overlay(
                SceneShape.circle.stroke(.black, lineWidth: 2).blur(radius: 2).offset(x: -4, y: -4)
                    .mask(
                        SceneShape.circle.fill(
                            .linearGradient(from: .black, to: .clear, start: .bottomTrailing, end: .topLeading)))
            )
            .shadow(color: .black, radius: 5, x: -20, y: -20)
        #expect(view.lit(by: lighting) == lit)
    }

    @Test func theSwitchKnobAndWellsTurnToo() throws {
        let spec = try RenderSpec.parse(query: "component=switch&style=soft&light=bottomright")
        let scene = try Scene(spec: spec, shaper: MonospacedShaper())
        var offsets: [(Double, Double)] = []
        func collect(_ view: View) {
            switch view {
            case let .shadow(child, shadow): offsets.append((shadow.x, shadow.y)); collect(child)
            case let .offset(child, x, y): offsets.append((x, y)); collect(child)
            case let .zStack(children), let .hStack(children, _), let .vStack(children, _): children.forEach(collect)
            case let .frame(child, _, _), let .padding(child, _), let .blur(child, _): collect(child)
            case let .overlay(a, b), let .mask(a, b): collect(a); collect(b)
            default: break
            }
        }
        collect(scene.content)
        // Seed 004's knob casts its dark shadow at (3, 3) and its deep well's dark edge sits at (3, 3): both turn.
        #expect(offsets.contains { $0 == (-3, -3) } && offsets.contains { $0 == (3, 3) })
        #expect(!offsets.contains { $0 == (1, 0.5) })
    }
}

extension Path {
    /// The icon as the scene draws it on `spec`'s frame.
    fileprivate func artwork(spec: RenderSpec) -> View {
        .artwork(
            self, size: min(spec.component.frame.width, spec.component.frame.height) * IconArtwork.frameFraction,
            .color(spec.look.style.recipes(contrast: .standard).foreground(isActive: false)))
    }
}
