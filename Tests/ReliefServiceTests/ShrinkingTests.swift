import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

/// A PNG is answered encoded fast the first time, and once asked for again is encoded at the
/// smallest effort in the background and swapped into the cache: the same pixels, the same weak
/// tag, fewer bytes.
@Suite("Shrinking cached PNGs")
struct ShrinkingTests {
    static let query = "style=colorful&pressed=true&scale=2"

    /// Waits, bounded, until `app`'s scheduler has done all its work, and says whether `app` has
    /// shrunk `count` entries by then. The background lane runs at SCHED_IDLE, so while the rest of a
    /// parallel test run (or a sanitizer build, ten times slower) keeps every core busy it gets no
    /// CPU at all: the bound is for a lane that never runs, not for a slow one.
    static func shrunk(_ app: ReliefApplication, count: Int) -> Bool {
        app.scheduler.waitUntilIdle(deadline: .now() + .seconds(600)) && app.cache.statistics.shrunk == count
    }

    @Test func aPNGAskedForAgainBecomesItsSmallestEncodingUnderTheSameTag() async throws {
        let app = ReliefApplication.forTesting()
        let spec = try RenderSpec.parse(query: Self.query)
        let first = await app.response("/render?" + Self.query)
        let fast = try ReliefApplication.standardRender(spec, .fast, .unsupervised)
        let smallest = try ReliefApplication.standardRender(spec, .smallest, .unsupervised)
        #expect(first.body == fast.bytes && fast.bytes.count > smallest.bytes.count)
        #expect(app.cache.statistics.shrunk == 0, "asked once: not worth the CPU")

        let second = await app.response("/render?" + Self.query)
        #expect(second.body == first.body, "the hit that asks for the smaller encoding is answered with what is stored")
        #expect(Self.shrunk(app, count: 1))
        let third = await app.response("/render?" + Self.query)
        #expect(third.body == smallest.bytes)
        #expect(try PNGDecoder.decode(third.body).rgba == PNGDecoder.decode(first.body).rgba)
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("W/\"") && third.header("ETag") == tag)
        // A client holding either encoding is answered 304.
        #expect(await app.response("/render?" + Self.query, headers: [("If-None-Match", tag)]).status == 304)
        #expect((await app.response("/metrics")).bodyText.contains("\nrelief_cache_shrunk_total 1\n"))

        _ = await app.response("/render?" + Self.query)
        #expect(app.cache.statistics.shrunk == 1, "the smallest encoding is final")
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
        #expect(first.header("ETag")?.hasPrefix("\"") == true, "a text's tag is strong: its bytes never change")
        #expect(app.scheduler.statistics.queued[.background, default: 0] == 0 && app.cache.statistics.shrunk == 0)
    }
}
