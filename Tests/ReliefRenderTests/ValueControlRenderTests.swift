import ReliefScene
import ReliefSpec
import Testing

@testable import ReliefRender

/// The slider and the progress indicator drawn: every style with every look and image parameter,
/// every format, where the value puts the knob, and their animations starting and ending on the stills.
@Suite("Slider and progress renders")
struct ValueControlRenderTests {
    let renderer = Renderer()

    static let controls = [
        "component=slider&value=0.3&steps=5", "component=progress", "component=progress&circular=true&value=0.85",
    ]

    @Test(arguments: controls, RenderSpec.Style.allCases)
    func everyLookDrawsTheControlInItsFrame(control: String, style: RenderSpec.Style) throws {
        for look in ChoiceControlRenderTests.looks {
            let spec = try RenderSpec.parse(query: "\(control)&style=\(style.rawValue)\(look)")
            let image = try renderer.image(for: spec)
            let (width, height) = try renderer.servedScreen(of: spec).pixels
            #expect(image.width == width && image.height == height, "\(look)")
            #expect(width >= spec.pixelSize.width && height >= spec.pixelSize.height, "\(look): at least the least margin")
            if look.contains("transparent") {
                #expect(image.rgba[3] == 0, "a transparent corner")
            }
        }
    }

    @Test(arguments: controls, RenderSpec.Format.allCases)
    func everyFormatAnswers(control: String, format: RenderSpec.Format) throws {
        let spec = try RenderSpec.parse(query: "\(control)&style=colorful&format=\(format.rawValue)")
        #expect(!(try renderer.file(for: spec)).bytes.isEmpty)
    }

    /// The knob's edge meets the frame's at 0 and 1, and the audit reads its outline where it stands.
    @Test(arguments: [0.0, 0.5, 1.0])
    func theKnobStandsWhereTheValueSays(value: Double) throws {
        let spec = try RenderSpec.parse(query: "component=slider&value=\(value)&margin=10")
        let scene = try Scene(spec: spec, shaper: renderer.textShaper)
        #expect(scene.outlineFrame.width == 28 && scene.outlineFrame.height == 28)
        #expect(abs(scene.outlineFrame.minX - (10 + value * (240 - 28))) < 1e-9)
        #expect(scene.outlineFrame.minY == 10 + 8)
    }

    /// The alt text says the value, and an animation's as the change from where it starts.
    @Test func theWordsSayTheValue() throws {
        #expect(try RenderSpec.parse(query: "component=slider&value=0.25").altText == "A light slider at 25 %")
        #expect(
            try RenderSpec.parse(query: "component=progress&style=dark&circular=true&animate=true&from=0.1").altText
                == "A dark circular progress, changing from 10 % to 60 %")
    }

    /// Nothing of the done part is drawn at 0: the bar is its bare well.
    @Test func progressAtZeroIsTheBareWell() throws {
        let empty = try renderer.image(for: try RenderSpec.parse(query: "component=progress&value=0"))
        let some = try renderer.image(for: try RenderSpec.parse(query: "component=progress&value=0.01"))
        #expect(empty.rgba != some.rgba)
    }

    /// SPEC §13: the value moves from `from` (0 by default) to `value`; the APNG's first and last frames
    /// are the stills of the two values, and each frame between is the still of a value between them.
    @Test(arguments: [
        ("component=slider&value=0.9&animate=true&style=soft", "component=slider&value=0&style=soft"),
        ("component=slider&value=0.2&from=1&steps=4&animate=true&style=dark", "component=slider&value=1&steps=4&style=dark"),
        ("component=progress&animate=true&style=colorful&fps=20", "component=progress&value=0&style=colorful"),
        (
            "component=progress&circular=true&value=1&from=0.25&animate=true&style=light&contrast=high",
            "component=progress&circular=true&value=0.25&style=light&contrast=high"
        ),
    ])
    func theAnimationStartsAndEndsOnTheStillsOfTheTwoValues(query: String, startQuery: String) throws {
        try renderer.expectAnimation(query, startsOn: startQuery)
    }
}
