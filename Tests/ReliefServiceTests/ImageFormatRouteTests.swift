import Foundation
import ReliefImageFormats
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

/// `/render?format=webp|avif|auto` (SPEC §10): the served files decoded and held to the PNG's pixels,
/// exactly for WebP and within 40 dB for AVIF; `auto` chosen by `Accept`, each type its own entry and
/// tag, every answer saying `Vary: Accept`; the first answer encoded fast and replaced by the smallest
/// once asked again (SPEC §12).
@Suite("/render as WebP, AVIF and auto")
struct ImageFormatRouteTests {
    static let query = "style=colorful&shape=capsule&label=Order%20now&scale=2"
    /// What Chromium sends for an `<img>`.
    static let browserAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

    /// The PNG's pixels of `query`, from the PNG the service serves.
    static func pngPixels(_ app: ReliefApplication, _ query: String) async throws -> DecodedImage {
        let png = await app.response("/render?" + query)
        #expect(png.status == 200 && png.header("Content-Type") == "image/png")
        return try PNGDecoder.decode(png.body)
    }

    @Test func aWebPIsThePNGsPixelsExactlyAndShrinksWhenAskedAgain() async throws {
        let app = ReliefApplication.forTesting()
        let pixels = try await Self.pngPixels(app, Self.query)
        let first = await app.response("/render?" + Self.query + "&format=webp")
        #expect(first.status == 200 && first.header("Content-Type") == "image/webp")
        #expect(first.header("Cache-Control") == "public, max-age=60", "the fast first bytes are provisional")
        #expect(try WebPDecoder.decode(first.body) == pixels)
        _ = await app.response("/render?" + Self.query + "&format=webp")
        #expect(ShrinkingTests.shrunk(app, count: 1))
        let final = await app.response("/render?" + Self.query + "&format=webp")
        #expect(final.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(final.body.count < first.body.count)
        #expect(try WebPDecoder.decode(final.body) == pixels)
    }

    @Test(arguments: [query, query + "&background=transparent", "style=dark&component=card&scale=1"])
    func anAVIFIsWithin40dBOfThePNG(query: String) async throws {
        let app = ReliefApplication.forTesting()
        let pixels = try await Self.pngPixels(app, query)
        let avif = await app.response("/render?" + query + "&format=avif")
        #expect(avif.status == 200 && avif.header("Content-Type") == "image/avif")
        let decoded = try AVIFDecoder.decode(avif.body)
        #expect(AVIFDecoder.psnr(of: decoded, against: pixels) >= 40)
    }

    /// `Accept` fields and the type `format=auto` answers each with.
    static let acceptChoices: [(accept: String, chosen: RenderSpec.Format)] = [
        (browserAccept, .avif),
        ("image/webp,image/png", .webp),
        ("image/avif;q=0.5,image/webp;q=0.9,*/*;q=0.1", .webp),
        ("image/png", .png),
        ("image/*;q=0.2,image/png", .png),
        ("*/*", .avif),
        ("text/html", .png),
        ("image/avif;q=0,image/webp;q=0,*/*", .png),
    ]

    @Test(arguments: acceptChoices)
    func autoAnswersTheTypeAcceptChooses(accept: String, chosen: RenderSpec.Format) async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response("/render?" + Self.query + "&format=auto", headers: [("Accept", accept)])
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == chosen.mediaType)
        #expect(response.header("Vary") == "Accept")
        var spec = try RenderSpec.parse(query: Self.query)
        spec.output.format = chosen
        let tag = EntityTag.forRender(canonicalQuery: spec.canonicalQuery)
        #expect(response.header("ETag") == tag.headerValue || response.header("ETag") == tag.fastEncoding.headerValue)
        // The chosen type is the entry of its format asked for by name: one render for both.
        let named = await app.response("/render?" + spec.canonicalQuery)
        #expect(named.body == response.body && named.header("Vary") == nil)
        let notModified = await app.response(
            "/render?" + Self.query + "&format=auto",
            headers: [("Accept", accept), ("If-None-Match", try #require(response.header("ETag")))])
        #expect(notModified.status == 304 && notModified.header("Vary") == "Accept")
    }

    @Test func autoWithoutAcceptIsThePNGAndEachTypeIsItsOwnEntry() async {
        let app = ReliefApplication.forTesting()
        let plain = await app.response("/render?format=auto")
        #expect(plain.header("Content-Type") == "image/png" && plain.header("Vary") == "Accept")
        let webp = await app.response("/render?format=auto", headers: [("Accept", "image/webp")])
        let avif = await app.response("/render?format=auto", headers: [("Accept", "image/avif")])
        #expect(Set([plain.header("ETag"), webp.header("ETag"), avif.header("ETag")]).count == 3)
        #expect(app.cache.statistics.entries == 3)
    }

    @Test func anAnimationIsAnimatedWebPOrAPNGNeverAVIF() async throws {
        let app = ReliefApplication.forTesting()
        let query = "component=switch&animate=true&format=auto"
        let response = await app.response("/render?" + query, headers: [("Accept", Self.browserAccept)])
        #expect(response.status == 200 && response.header("Content-Type") == "image/webp")
        // An animated WebP: RIFF, WEBP, a VP8X chunk with the animation flag, then ANIM.
        #expect(Array(response.body[0..<4]) == Array("RIFF".utf8) && Array(response.body[8..<16]) == Array("WEBPVP8X".utf8))
        #expect(response.body[20] & 0x02 != 0)
        let refused = await app.response(
            "/render?component=switch&animate=true&format=avif", headers: [("Accept", "application/json")])
        #expect(refused.status == 400)
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(refused.body)) as? [String: Any])
        #expect(problem["parameter"] as? String == "format")
    }

    @Test func theDefaultFormatAutoNegotiatesAQueryThatNamesNone() async {
        let app = ReliefApplication.forTesting(defaultFormat: .auto)
        let chosen = await app.response("/render?style=soft", headers: [("Accept", Self.browserAccept)])
        #expect(chosen.header("Content-Type") == "image/avif" && chosen.header("Vary") == "Accept")
        let named = await app.response("/render?style=soft&format=png", headers: [("Accept", Self.browserAccept)])
        #expect(named.header("Content-Type") == "image/png" && named.header("Vary") == nil)
        let plain = await ReliefApplication.forTesting().response("/render?style=soft", headers: [("Accept", Self.browserAccept)])
        #expect(plain.header("Content-Type") == "image/png" && plain.header("Vary") == nil)
    }

    /// A screen in each image format: the WebP its PNG's pixels, the AVIF within 40 dB.
    @Test func aScreenIsAWebPOrAnAVIFToo() async throws {
        let app = ReliefApplication.forTesting()
        let target = ScreenRouteTests.target(ScreenRouteTests.musicPlayer, "style=soft")
        let png = await app.response(target)
        let pixels = try PNGDecoder.decode(png.body)
        let webp = await app.response(target + "&format=webp")
        #expect(webp.header("Content-Type") == "image/webp")
        #expect(try WebPDecoder.decode(webp.body) == pixels)
        let avif = await app.response(target + "&format=avif")
        #expect(avif.header("Content-Type") == "image/avif")
        #expect(AVIFDecoder.psnr(of: try AVIFDecoder.decode(avif.body), against: pixels) >= 40)
    }
}
