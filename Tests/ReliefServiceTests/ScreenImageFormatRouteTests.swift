import ReliefHTTPServer
import ReliefImageFormats
import ReliefPNG
import ReliefScreen
import ReliefSpec
import Testing

@testable import ReliefService

/// `/screen?format=auto` (SPEC §10, §14): the type chosen by `Accept` as `/render` chooses it, each
/// type its own entry and tag, every answer saying `Vary: Accept`; the served files decoded and held
/// to the screen's PNG.
@Suite("/screen as auto")
struct ScreenImageFormatRouteTests {
    static let layout = ScreenRouteTests.musicPlayer
    static let settings = "style=soft"

    /// `response`'s pixels decoded as `format`, checked against `png`: WebP exactly, AVIF within 40 dB.
    static func expectPixels(of response: HTTPResponse, in format: RenderSpec.Format, match png: DecodedImage) throws {
        switch format {
        case .png: #expect(try PNGDecoder.decode(response.body) == png)
        case .webp: #expect(try WebPDecoder.decode(response.body) == png)
        case .avif: #expect(AVIFDecoder.psnr(of: try AVIFDecoder.decode(response.body), against: png) >= 40)
        default: Issue.record("\(format) is no type format=auto chooses")
        }
    }

    @Test(arguments: ImageFormatRouteTests.acceptChoices)
    func autoAnswersTheTypeAcceptChooses(accept: String, chosen: RenderSpec.Format) async throws {
        let app = ReliefApplication.forTesting()
        let target = ScreenRouteTests.target(Self.layout, Self.settings + "&format=auto")
        let response = await app.response(target, headers: [("Accept", accept)])
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == chosen.mediaType)
        #expect(response.header("Vary") == "Accept")
        let png = try PNGDecoder.decode(await app.response(ScreenRouteTests.target(Self.layout, Self.settings)).body)
        try Self.expectPixels(of: response, in: chosen, match: png)
        let screen = try ScreenRequest.parse(query: String(target.dropFirst("/screen?".count))).written(in: chosen)
        let tag = EntityTag.forRender(canonicalQuery: ReliefApplication.screenKey(canonicalQuery: screen.canonicalQuery))
        #expect(response.header("ETag") == tag.headerValue || response.header("ETag") == tag.fastEncoding.headerValue)
        // The chosen type is the entry of its format asked for by name: one drawing for both.
        let named = await app.response("/screen?" + screen.canonicalQuery)
        #expect(named.body == response.body && named.header("Vary") == nil)
        let notModified = await app.response(
            target, headers: [("Accept", accept), ("If-None-Match", try #require(response.header("ETag")))])
        #expect(notModified.status == 304 && notModified.header("Vary") == "Accept")
    }

    @Test func eachTypeIsItsOwnEntry() async {
        let app = ReliefApplication.forTesting()
        let target = ScreenRouteTests.target(Self.layout, "format=auto")
        let plain = await app.response(target)
        #expect(plain.header("Content-Type") == "image/png" && plain.header("Vary") == "Accept")
        let webp = await app.response(target, headers: [("Accept", "image/webp")])
        let avif = await app.response(target, headers: [("Accept", "image/avif")])
        #expect(Set([plain.header("ETag"), webp.header("ETag"), avif.header("ETag")]).count == 3)
        #expect(app.cache.statistics.entries == 3)
    }

    @Test func anAnimatedScreenIsAnimatedWebPOrAPNGNeverAVIF() async throws {
        let app = ReliefApplication.forTesting()
        let target = ScreenRouteTests.target("VStack {\n    Toggle(\"Wi-Fi\", isOn: true)\n}", "animate=true&format=auto")
        let webp = await app.response(target, headers: [("Accept", ImageFormatRouteTests.browserAccept)])
        #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp" && webp.header("Vary") == "Accept")
        // An animated WebP: RIFF, WEBP, a VP8X chunk with the animation flag.
        #expect(Array(webp.body[0..<4]) == Array("RIFF".utf8) && Array(webp.body[8..<16]) == Array("WEBPVP8X".utf8))
        #expect(webp.body[20] & 0x02 != 0)
        let apng = await app.response(target, headers: [("Accept", "image/avif,image/png")])
        #expect(apng.header("Content-Type") == "image/png" && apng.header("Vary") == "Accept")
        #expect(try PNGDecoder.decode(apng.body).width > 0)
    }

    @Test func theDefaultFormatAutoReachesScreens() async throws {
        let app = ReliefApplication.forTesting(defaultFormat: .auto)
        let accept: [(name: String, value: String)] = [("Accept", ImageFormatRouteTests.browserAccept)]
        let chosen = await app.response(ScreenRouteTests.target(Self.layout, Self.settings), headers: accept)
        #expect(chosen.header("Content-Type") == "image/avif" && chosen.header("Vary") == "Accept")
        let named = await app.response(ScreenRouteTests.target(Self.layout, Self.settings + "&format=png"), headers: accept)
        #expect(named.header("Content-Type") == "image/png" && named.header("Vary") == nil)
        let png = try PNGDecoder.decode(named.body)
        try Self.expectPixels(of: chosen, in: .avif, match: png)
        // A screen's audit is its JSON whatever the default image format.
        let audit = await app.response(ScreenAuditRouteTests.target(Self.layout, Self.settings), headers: accept)
        let plainAudit = await ReliefApplication.forTesting().response(
            ScreenAuditRouteTests.target(Self.layout, Self.settings), headers: accept)
        #expect(audit.status == 200 && audit.header("Content-Type") == "application/json" && audit.header("Vary") == nil)
        #expect(audit.body == plainAudit.body)
    }

    /// `POST /screen?format=auto` names the `format=auto` URL and draws the type its `Accept` chooses,
    /// so the `GET` that follows with the same `Accept` is a hit.
    @Test func aPostedAutoScreenIsDrawnInTheTypeItsAcceptChooses() async throws {
        let app = ReliefApplication.forTesting()
        let accept: [(name: String, value: String)] = [("Accept", "image/webp,*/*;q=0.5")]
        let posted = await app.response(
            "/screen?format=auto", method: "POST", headers: accept, body: Array(Self.layout.utf8))
        #expect(posted.status == 303)
        let location = try #require(posted.header("Location"))
        #expect(location.contains("format=auto"))
        let followed = await app.response(location, headers: accept)
        #expect(followed.header("Content-Type") == "image/webp" && followed.header("Vary") == "Accept")
        #expect(app.cache.statistics.entries == 1)
    }
}
