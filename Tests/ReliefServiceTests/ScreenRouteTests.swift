import Foundation
import ReliefRender
import ReliefScreen
import ReliefSpec
import Testing

@testable import ReliefService

/// `/screen`: a whole screen from its layout, cached and tagged by its canonical form, refused with
/// the line and column of the problem.
@Suite("/screen")
struct ScreenRouteTests {
    static let musicPlayer = """
        VStack(spacing: 24) {
            Text("Now playing").font(.headline)
            HStack(spacing: 16) {
                Button(icon: .play)
                Button(icon: .pause, pressed: true)
            }
            Slider(value: 0.4)
        }
        .padding(24)
        """

    /// `/screen?source=` of `layout` and the other parameters.
    static func target(_ layout: String, _ rest: String = "") -> String {
        "/screen?source=" + ScreenSource.encode(layout) + (rest.isEmpty ? "" : "&" + rest)
    }

    @Test func aScreenIsAPNGCachedAndTaggedByItsCanonicalForm() async throws {
        let screens = Counter()
        let app = ReliefApplication(
            configuration: {
                var configuration = ReliefApplication.Configuration()
                configuration.renders.workers = 2
                return configuration
            }(),
            renderScreen: { screen, effort, supervisor in
                // A hit on a PNG has it encoded again, smallest, in the background: count the first answers.
                if effort == .fast { screens.increment() }
                return try ReliefApplication.standardScreenRender(screen, effort, supervisor)
            })
        let response = await app.response(Self.target(Self.musicPlayer, "style=soft"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/png")
        #expect(response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let canonical = try ScreenRequest.parse(query: "source=" + ScreenSource.encode(Self.musicPlayer) + "&style=soft")
        let finalTag = EntityTag.forRender(canonicalQuery: ReliefApplication.screenKey(canonicalQuery: canonical.canonicalQuery))
        let tag = finalTag.fastEncoding
        #expect(response.header("ETag") == tag.headerValue)

        // Another spelling of the same screen: spaces, argument order, defaults written out, the
        // style's default given again in another order of the query.
        let respelled = """
            VStack(alignment: .center, spacing: 24) { Text("Now playing").font(.headline)
              HStack(spacing: 16) { Button(icon: .play, pressed: false) Button(pressed: true, icon: .pause) }
              Slider(value: 0.40, steps: 0) }.padding(24)
            """
        let again = await app.response(Self.target(respelled, "scale=1&style=soft"))
        #expect(again.status == 200 && again.header("ETag") == tag.headerValue && again.body == response.body)
        let notModified = await app.response(
            Self.target(Self.musicPlayer, "style=soft"), headers: [("If-None-Match", finalTag.headerValue)])
        #expect(notModified.status == 304)
        // The hit asked for the smallest encoding; once made, it is answered under the final tag.
        #expect(app.scheduler.waitUntilIdle(deadline: .now() + .seconds(600)))
        let head = await app.response(Self.target(Self.musicPlayer, "style=soft"), method: "HEAD")
        #expect(head.status == 200 && head.header("ETag") == finalTag.headerValue)
        #expect(screens.count == 1, "the second spelling, the 304 and the HEAD came from the cache or the tag")
    }

    @Test func theSVGOfAScreenIsItsOwnEntry() async {
        let app = ReliefApplication.forTesting()
        let png = await app.response(Self.target(Self.musicPlayer))
        let svg = await app.response(Self.target(Self.musicPlayer, "format=svg"))
        #expect(svg.status == 200 && svg.header("Content-Type") == RenderSpec.Format.svg.mediaType)
        #expect(svg.bodyText.contains("<svg ") && png.header("ETag") != svg.header("ETag"))
    }

    /// Each refusal names what is wrong and, for the layout, where.
    @Test(
        arguments: [
            ("VStack {\n    Buton()\n}", "", 2, 5, "found the element `Buton`"),
            ("Picker(segments: \"Day,Week,Month\", selected: 4)", "", 1, 36, "selected must name one of the 3 segments"),
            ("TabBar(tabs: \"heart,star\", labels: \"A\")", "", 1, 28, "labels"),
            ("Slider(value: 1.5)", "", 1, 8, "Slider(value: a number from 0 to 1)"),
            ("VStack { Text(\"a\") ", "", 1, 20, "expected `}` closing the VStack"),
        ] as [(String, String, Int, Int, String)])
    func aRefusedLayoutNamesItsLineAndColumn(layout: String, rest: String, line: Int, column: Int, words: String) async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response(Self.target(layout, rest))
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == ProblemDetails.mediaType)
        let problem = try #require(response.jsonObject)
        #expect(problem["parameter"] as? String == "source")
        #expect(problem["line"] as? Int == line && problem["column"] as? Int == column, "\(problem)")
        #expect((problem["detail"] as? String)?.contains(words) == true, "\(problem)")
    }

    @Test(
        arguments: [
            ("pressed=true", "pressed", "write it in the layout"),
            ("component=slider", "component", "the layout names each element"),
            ("scheme=auto&format=svg", "scheme", "one style"),
            ("style=neon", "style", "style must be one of"),
            ("format=svg&simulate=protanopia", "simulate", "simulate"),
        ] as [(String, String, String)])
    func aRefusedQueryNamesItsParameter(rest: String, parameter: String, words: String) async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response(Self.target(Self.musicPlayer, rest))
        #expect(response.status == 400)
        let problem = try #require(response.jsonObject)
        #expect(problem["parameter"] as? String == parameter, "\(problem)")
        #expect((problem["detail"] as? String)?.contains(words) == true, "\(problem)")
        #expect(problem["line"] == nil)
    }

    /// `POST /screen` with the layout as the body answers `303` to the `GET` URL that draws it, in
    /// canonical form: the same entry and tag as the `GET` of any spelling.
    @Test func aPostedLayoutIsSentToItsGetURL() async throws {
        let app = ReliefApplication.forTesting()
        let posted = await app.response("/screen?scale=1&style=soft", method: "POST", body: Array(Self.musicPlayer.utf8))
        #expect(posted.status == 303)
        let location = try #require(posted.header("Location"))
        let canonical = try ScreenRequest.parse(query: "source=" + ScreenSource.encode(Self.musicPlayer) + "&style=soft")
        #expect(location == "/screen?" + canonical.canonicalQuery)
        #expect(posted.bodyText == location + "\n")
        let drawn = await app.response(location)
        let direct = await app.response(Self.target(Self.musicPlayer, "style=soft"))
        #expect(drawn.status == 200 && drawn.header("ETag") == direct.header("ETag"))
    }

    /// A screen its `GET` would refuse once laid out is refused by `POST` with the `GET`'s problem,
    /// never sent to a URL that cannot draw.
    @Test func aPostedScreenPastThePixelBudgetIsRefusedNotRedirected() async throws {
        let tall = "VStack {\n" + String(repeating: "    Card(width: 1000, height: 1000)\n", count: 5) + "}"
        let posted = await ReliefApplication.forTesting().response("/screen?scale=2", method: "POST", body: Array(tall.utf8))
        #expect(posted.status == 400 && posted.header("Location") == nil)
        let problem = try #require(posted.jsonObject)
        #expect(problem["parameter"] as? String == "scale" && (problem["detail"] as? String)?.contains("pixel budget") == true)
    }

    @Test(
        arguments: [
            ("VStack {\n    Buton()\n}", "", "source", 2),
            ("Button()", "source=abc", "source", nil),
            ("Button()", "pressed=true", "pressed", nil),
        ] as [(String, String, String, Int?)])
    func aRefusedPostNamesItsProblem(layout: String, query: String, parameter: String, line: Int?) async throws {
        let posted = await ReliefApplication.forTesting().response("/screen?" + query, method: "POST", body: Array(layout.utf8))
        #expect(posted.status == 400)
        let problem = try #require(posted.jsonObject)
        #expect(problem["parameter"] as? String == parameter && problem["line"] as? Int == line, "\(problem)")
    }

    @Test func aScreenWithoutSourceIsRefused() async throws {
        let response = await ReliefApplication.forTesting().response("/screen?style=dark")
        #expect(response.status == 400)
        #expect(try #require(response.jsonObject)["parameter"] as? String == "source")
    }

    /// An `<img>` of a broken screen shows the problem in words, as `/render`'s does.
    @Test func anImageOfARefusedScreenIsAPictureOfTheProblem() async {
        let response = await ReliefApplication.forTesting().response(
            Self.target("Buton()"), headers: [("Accept", "image/avif,image/webp,image/*,*/*;q=0.8")])
        #expect(response.status == 400 && response.header("Content-Type") == "image/png")
    }

    /// "scale=N would fit" is computed by the estimate that then admits the screen: asking for the
    /// scale named draws it (eight animated switches with low vision once named one that was refused
    /// in turn, down to scale 1).
    @Test func theScaleARefusalNamesIsDrawn() async throws {
        let toggles = "VStack {\n" + (1...8).map { "    Toggle(\"Option \($0)\", isOn: true)\n" }.joined() + "}"
        let app = ReliefApplication.forTesting()
        let refused = await app.response(Self.target(toggles, "animate=true&simulate=lowvision&scale=4"))
        #expect(refused.status == 400)
        let problem = try #require(refused.jsonObject)
        let detail = try #require(problem["detail"] as? String)
        let named = try #require(detail.firstMatch(of: /scale=([0-9.]+) would fit/), "\(detail)")
        let drawn = await app.response(Self.target(toggles, "animate=true&simulate=lowvision&scale=\(named.1)"))
        #expect(drawn.status == 200, "\(drawn.bodyText)")
    }

    /// Past the pixel budget once laid out: a 400 naming scale, never a partial picture.
    @Test func aScreenPastThePixelBudgetIsRefusedWhole() async throws {
        let tall = "VStack {\n" + String(repeating: "    Card(width: 1000, height: 1000)\n", count: 5) + "}"
        let response = await ReliefApplication.forTesting().response(Self.target(tall, "scale=2"))
        #expect(response.status == 400)
        let problem = try #require(response.jsonObject)
        #expect(problem["parameter"] as? String == "scale")
        #expect((problem["detail"] as? String)?.contains("pixel budget") == true, "\(problem)")
    }
}
