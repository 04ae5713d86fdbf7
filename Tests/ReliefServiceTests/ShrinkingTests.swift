import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

/// A PNG is answered encoded fast the first time, provisional bytes under a tag of their own that
/// caches keep for a short time; once asked for again it is encoded at the smallest effort in the
/// background and swapped into the cache, final bytes under the tag the query names, `immutable`
/// (SPEC §12): the same pixels, fewer bytes, and a cache revalidating the fast bytes gets them.
@Suite("Shrinking cached PNGs")
struct ShrinkingTests {
    static let query = "style=colorful&pressed=true&scale=2"
    static let provisionalCacheControl = "public, max-age=60"
    static let finalCacheControl = "public, max-age=31536000, immutable"

    /// Waits, bounded, until `app`'s scheduler has done all its work, and says whether `app` has
    /// shrunk `count` entries by then. The background lane runs at SCHED_IDLE, so while the rest of a
    /// parallel test run (or a sanitizer build, ten times slower) keeps every core busy it gets no
    /// CPU at all: the bound is for a lane that never runs, not for a slow one.
    static func shrunk(_ app: ReliefApplication, count: Int) -> Bool {
        app.scheduler.waitUntilIdle(deadline: .now() + .seconds(600)) && app.cache.statistics.shrunk == count
    }

    @Test func aPNGAskedForAgainBecomesItsSmallestEncodingUnderTheFinalTag() async throws {
        let app = ReliefApplication.forTesting()
        let spec = try RenderSpec.parse(query: Self.query)
        let finalTag = EntityTag.forRender(canonicalQuery: spec.canonicalQuery)
        let first = await app.response("/render?" + Self.query)
        let fast = try ReliefApplication.standardRender(spec, .fast, .unsupervised)
        let smallest = try ReliefApplication.standardRender(spec, .smallest, .unsupervised)
        #expect(first.body == fast.bytes && fast.bytes.count > smallest.bytes.count * 11 / 10)
        #expect(first.header("ETag") == finalTag.fastEncoding.headerValue)
        #expect(first.header("Cache-Control") == Self.provisionalCacheControl, "larger bytes are never immutable")
        #expect(app.cache.statistics.shrunk == 0, "asked once: not worth the CPU")

        let second = await app.response("/render?" + Self.query)
        #expect(second.body == first.body, "the hit that asks for the smaller encoding is answered with what is stored")
        #expect(second.header("ETag") == first.header("ETag") && second.header("Cache-Control") == Self.provisionalCacheControl)
        #expect(Self.shrunk(app, count: 1))
        let third = await app.response("/render?" + Self.query)
        #expect(third.body == smallest.bytes)
        #expect(third.header("ETag") == finalTag.headerValue && third.header("Cache-Control") == Self.finalCacheControl)
        #expect(try PNGDecoder.decode(third.body).rgba == PNGDecoder.decode(first.body).rgba)
        // A client holding the final bytes is answered 304; one holding the fast ones, the final bytes.
        let holdingFinal = await app.response("/render?" + Self.query, headers: [("If-None-Match", finalTag.headerValue)])
        #expect(holdingFinal.status == 304 && holdingFinal.header("Cache-Control") == Self.finalCacheControl)
        let holdingFast = await app.response(
            "/render?" + Self.query, headers: [("If-None-Match", try #require(first.header("ETag")))])
        #expect(holdingFast.status == 200 && holdingFast.body == smallest.bytes)
        #expect(holdingFast.header("ETag") == finalTag.headerValue)
        #expect((await app.response("/metrics")).bodyText.contains("\nrelief_cache_shrunk_total 1\n"))

        _ = await app.response("/render?" + Self.query)
        #expect(app.cache.statistics.shrunk == 1, "the smallest encoding is final")
    }

    /// A cache revalidating the fast bytes before the smaller ones exist is answered `304` with the
    /// provisional validators again, and that revalidation is the asking again that makes them.
    @Test func revalidatingTheFastBytesIs304UntilTheSmallestExists() async throws {
        let app = ReliefApplication.forTesting()
        let first = await app.response("/render?" + Self.query)
        let fastTag = try #require(first.header("ETag"))
        let revalidated = await app.response("/render?" + Self.query, headers: [("If-None-Match", fastTag)])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        #expect(revalidated.header("ETag") == fastTag && revalidated.header("Cache-Control") == Self.provisionalCacheControl)
        #expect(Self.shrunk(app, count: 1))
        let after = await app.response("/render?" + Self.query, headers: [("If-None-Match", fastTag)])
        #expect(after.status == 200 && after.body.count < first.body.count)
        #expect(after.header("Cache-Control") == Self.finalCacheControl)
    }

    /// A render whose smallest encoding needs more memory than background work may hold (here a
    /// WebP under a 64 MiB budget, whose background jobs may hold 8) keeps its fast bytes, still
    /// provisional, and its later hits do not ask the scheduler again.
    @Test func aRenderTooLargeToShrinkKeepsItsFastBytesAndIsNotAskedAgain() async throws {
        let app = ReliefApplication.forTesting(renders: { $0.memoryBytes = 64 << 20 })
        let target = "/render?" + Self.query + "&format=webp"
        let first = await app.response(target)
        #expect(first.status == 200)
        for _ in 0..<3 {
            let hit = await app.response(target)
            #expect(hit.body == first.body && hit.header("Cache-Control") == Self.provisionalCacheControl)
        }
        #expect(app.scheduler.waitUntilIdle(deadline: .now() + .seconds(600)))
        #expect(app.scheduler.statistics.refusedTooLarge == 1, "refused once, then remembered")
        #expect(app.cache.statistics.shrunk == 0)
    }

    /// `provisionalMaxAge` is what the fast bytes' `Cache-Control` says.
    @Test func theProvisionalMaxAgeIsConfigured() async {
        var configuration = ReliefApplication.Configuration()
        configuration.provisionalMaxAge = 5
        let app = ReliefApplication(configuration: configuration)
        #expect((await app.response("/render?" + Self.query)).header("Cache-Control") == "public, max-age=5")
    }

    @Test func anAnimationShrinksToWhatTheCommandLineWrites() async throws {
        let app = ReliefApplication.forTesting()
        let query = "component=toggle&style=colorful&on=true&animate=true&fps=12"
        _ = await app.response("/render?" + query)
        _ = await app.response("/render?" + query)
        #expect(Self.shrunk(app, count: 1))
        let smallest = try ReliefApplication.standardRender(RenderSpec.parse(query: query), .smallest, .unsupervised)
        #expect((await app.response("/render?" + query)).body == smallest.bytes)
    }

    @Test(arguments: ["svg", "css", "json"])
    func textIsNeverEncodedAgain(format: String) async {
        let app = ReliefApplication.forTesting()
        let target = "/render?style=dark&format=\(format)"
        let first = await app.response(target)
        let second = await app.response(target)
        #expect(first.status == 200 && second.body == first.body)
        #expect(first.header("ETag")?.hasPrefix("\"") == true)
        #expect(first.header("Cache-Control") == Self.finalCacheControl, "a text's bytes are final at once")
        #expect(app.scheduler.statistics.queued[.background, default: 0] == 0 && app.cache.statistics.shrunk == 0)
    }
}
