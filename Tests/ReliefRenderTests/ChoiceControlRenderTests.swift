import ReliefMotion
import ReliefPNG
import ReliefScene
import ReliefSpec
import Testing

@testable import ReliefRender

/// The segmented control and the tab bar drawn: every style with every look and image parameter,
/// every format, text in any script, and their animations starting and ending on the stills.
@Suite("Segmented control and tab bar renders")
struct ChoiceControlRenderTests {
    let renderer = Renderer()

    static let looks = [
        "", "&color=5b8def", "&accent=ff6a00", "&light=bottomright", "&intensity=0.3", "&distance=12", "&blur=6",
        "&contrast=high", "&textsize=xs", "&textsize=xxxl", "&textsize=ax5", "&simulate=protanopia",
        "&simulate=lowvision", "&scale=1", "&scale=4", "&background=transparent", "&background=336699",
    ]

    static let controls = ["component=segmented&selected=2", "component=tabbar&selected=3&labels=Home,Stars,Alerts"]

    @Test(arguments: controls, RenderSpec.Style.allCases)
    func everyLookDrawsTheControlInItsFrame(control: String, style: RenderSpec.Style) throws {
        for look in Self.looks {
            let spec = try RenderSpec.parse(query: "\(control)&style=\(style.rawValue)\(look)")
            let image = try renderer.image(for: spec)
            let (width, height) = spec.pixelSize
            #expect(image.width >= width && image.height >= height, "\(look)")
            if look.contains("transparent") {
                #expect(image.rgba[3] == 0, "a transparent corner")
            }
        }
    }

    @Test(arguments: controls, RenderSpec.Format.allCases)
    func everyFormatAnswers(control: String, format: RenderSpec.Format) throws {
        let spec = try RenderSpec.parse(query: "\(control)&style=colorful&format=\(format.rawValue)")
        let answer = try renderer.file(for: spec)
        #expect(!answer.bytes.isEmpty)
    }

    /// The chosen part moves with `selected` and nothing else does: the canvases of two choices differ.
    @Test(arguments: ["component=segmented", "component=tabbar&labels=Home,Stars,Alerts"])
    func theChosenOneIsDrawnWhereSelectedSays(control: String) throws {
        let first = try renderer.image(for: try RenderSpec.parse(query: control + "&selected=1"))
        let second = try renderer.image(for: try RenderSpec.parse(query: control + "&selected=2"))
        #expect(first.width == second.width && first.rgba != second.rgba)
    }

    /// Words in other scripts, emoji and text sizes grow the frame to hold the widest word in every share.
    @Test func wordsGrowTheFrameToHoldTheWidestInEveryShare() throws {
        let shaper = renderer.textShaper
        let short = try Scene(spec: try RenderSpec.parse(query: "component=segmented"), shaper: shaper)
        let long = try Scene(
            spec: try RenderSpec.parse(
                query: "component=segmented&segments=Aujourd%E2%80%99hui,%E6%98%8E%E5%A4%A9,%F0%9F%8D%95%F0%9F%8D%95&textsize=ax3"
            ),
            shaper: shaper)
        #expect(short.frame.width == 280 && short.frame.height == 44)
        #expect(long.frame.width > 280 && long.frame.height > 44)
        let labelled = try Scene(
            spec: try RenderSpec.parse(
                query:
                    "component=tabbar&labels=Accueil%20principal,%D8%A7%D9%84%D9%86%D8%AC%D9%88%D9%85,%E9%80%9A%E7%9F%A5&textsize=ax5"
            ),
            shaper: shaper)
        #expect(labelled.frame.width > 320 && labelled.frame.height > 64)
    }

    /// Right-to-left words put the first segment at the right, the leading side: the picture of
    /// Arabic words chosen first is the mirror of where a left-to-right first segment sits.
    @Test func rightToLeftWordsPutTheFirstSegmentAtTheRight() throws {
        let shaper = renderer.textShaper
        let arabic = "segments=%D9%8A%D9%88%D9%85,%D8%A3%D8%B3%D8%A8%D9%88%D8%B9,%D8%B4%D9%87%D8%B1"
        // Tall enough for both scripts' lines, so that neither grows the frame.
        let rtl = try Scene(
            spec: try RenderSpec.parse(query: "component=segmented&height=80&\(arabic)"), glyphs: .omitted, shaper: shaper)
        let ltr = try Scene(
            spec: try RenderSpec.parse(query: "component=segmented&height=80&selected=3"), glyphs: .omitted, shaper: shaper)
        try #require(rtl.frame == ltr.frame)
        #expect(try renderer.image(of: rtl, scale: 1).rgba == (try renderer.image(of: ltr, scale: 1)).rgba)
    }

    /// SPEC §13: the chosen part slides from `from` (by default the neighbour) to `selected`; the APNG's
    /// first and last frames are the stills of the two choices, decoded with the tests' PNG decoder.
    @Test(arguments: [
        ("component=segmented&selected=3&from=1&animate=true&style=soft", "component=segmented&selected=1&style=soft"),
        ("component=segmented&animate=true&style=colorful&fps=20", "component=segmented&selected=2&style=colorful"),
        (
            "component=tabbar&selected=2&animate=true&style=dark&labels=Home,Stars,Alerts",
            "component=tabbar&selected=1&style=dark&labels=Home,Stars,Alerts"
        ),
        (
            "component=tabbar&selected=1&from=3&animate=true&style=light&contrast=high",
            "component=tabbar&selected=3&style=light&contrast=high"
        ),
    ])
    func theAnimationStartsAndEndsOnTheStillsOfTheTwoChoices(query: String, startQuery: String) throws {
        try renderer.expectAnimation(query, startsOn: startQuery)
    }

    /// Seed 004's spring carries the chosen part: past the middle by a third of the way, as the
    /// switch's knob is, and it overshoots a little before it settles.
    @Test func theChosenPartSpringsAcross() throws {
        let spec = try RenderSpec.parse(query: "component=segmented&selected=3&from=1&animate=true")
        let transition = try SceneTransition(spec: spec, shaper: renderer.textShaper)
        let samples = stride(from: 0.0, through: transition.timeline.duration, by: 0.01).map {
            transition.timeline.sample(at: $0).progress
        }
        #expect(samples.contains { $0 > 1 }, "the spring overshoots")
        #expect(transition.timeline.duration > Timeline.stateChangeDuration)
    }
}

extension Renderer {
    /// `query`'s APNG, decoded with the tests' PNG decoder, starts on the still of `startQuery` and ends
    /// on the still of `query` without its animation, with frames between them.
    func expectAnimation(_ query: String, startsOn startQuery: String) throws {
        let animation = try DecodedAnimation(try png(for: try RenderSpec.parse(query: query)).bytes)
        let start = try image(for: try RenderSpec.parse(query: startQuery))
        let end = try image(for: try RenderSpec.parse(query: query.replacingAnimation))
        #expect(animation.canvases.count > 2)
        #expect(animation.canvases.first == start.rgba)
        #expect(animation.canvases.last == end.rgba)
    }
}

extension String {
    /// The query without `animate=true`, `from=` and `fps=`: the still of the state it ends on.
    fileprivate var replacingAnimation: String {
        split(separator: "&").filter { !$0.hasPrefix("animate=") && !$0.hasPrefix("from=") && !$0.hasPrefix("fps=") }
            .joined(separator: "&")
    }
}
