import Dispatch
import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

@Suite("/render")
struct RenderRouteTests {
    @Test func rendersAPNGWithItsCachingHeaders() async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response("/render?style=dark&pressed=true&size=64")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/png")
        // Encoded fast, the first bytes are provisional: kept a minute, under a tag of their own.
        #expect(response.header("Cache-Control") == "public, max-age=60")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        let spec = try RenderSpec.parse(query: "style=dark&pressed=true&size=64")
        #expect(response.header("ETag") == EntityTag.forRender(canonicalQuery: spec.canonicalQuery).fastEncoding.headerValue)
        let timing = try #require(response.header("Server-Timing"))
        #expect(timing.wholeMatch(of: /render;dur=\d+\.\d\d, encode;dur=\d+\.\d\d, cache;desc=miss/) != nil)
        // Dark casts its shadows from its ring, 2 points past the frame: the scene's margin is 42.
        let image = try PNGDecoder.decode(response.body)
        #expect(image.width == 64 + 2 * 42 && image.height == 64 + 2 * 42)

        let again = await app.response("/render?style=dark&pressed=true&size=64")
        #expect(again.body == response.body)
        #expect(again.header("Server-Timing")?.hasSuffix("cache;desc=hit") == true)
    }

    /// SPEC §8: an animation is an image/png with an acTL, cached and tagged like any render.
    @Test func animateTrueAnswersAnAPNGCachedLikeAnyRender() async throws {
        let app = ReliefApplication.forTesting()
        let query = "component=switch&style=soft&on=true&animate=true"
        let response = await app.response("/render?" + query)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/png")
        #expect(String(decoding: response.body, as: UTF8.self).contains("acTL"))
        let tag = EntityTag.forRender(canonicalQuery: try RenderSpec.parse(query: query).canonicalQuery).fastEncoding
        #expect(response.header("ETag") == tag.headerValue)
        #expect(response.header("ETag") != (await app.response("/render?component=switch&style=soft&on=true")).header("ETag"))
        // The default image a viewer without APNG support shows is the still.
        let still = await app.response("/render?component=switch&style=soft&on=true")
        #expect(try PNGDecoder.decode(response.body).rgba == PNGDecoder.decode(still.body).rgba)

        let head = await app.response("/render?" + query, method: "HEAD")
        #expect(head.status == 200 && head.header("ETag") == tag.headerValue && head.body.count == response.body.count)
        // Another spelling is the same entry: by now perhaps its smallest encoding (ShrinkingTests),
        // the same pixels under the same tag.
        let again = await app.response("/render?" + query + "&fps=30&loop=false")
        #expect(again.header("ETag") == tag.headerValue)
        #expect(try PNGDecoder.decode(again.body).rgba == PNGDecoder.decode(response.body).rgba)
        #expect(again.header("Server-Timing")?.hasSuffix("cache;desc=hit") == true)
        let unchanged = await app.response("/render?" + query, headers: [("If-None-Match", tag.headerValue)])
        #expect(unchanged.status == 304 && unchanged.body.isEmpty)
    }

    @Test func anAnimationPastThePixelBudgetIsRefusedSayingSo() async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response("/render?component=switch&width=900&scale=4&animate=true&fps=60&loop=true")
        #expect(response.status == 400)
        let problem = try #require(response.jsonObject)
        #expect(problem["parameter"] as? String == "fps")
        #expect((problem["detail"] as? String)?.contains("\(RenderSpec.Limits.maxAnimationPixels)") == true)
    }

    /// The largest animation the pixel limits allow (issue 26): 32 pictures of 1448 × 1448 pixels.
    static let largestAnimation =
        "component=toggle&shape=rounded&width=362&height=362&scale=4&margin=0&animate=true&fps=60"
        + "&loop=true&simulate=lowvision&contrast=high"

    @Test func anAnimationLargerThanOneRenderMayHoldIsRefusedUpFrontNamingWhatWouldFit() async throws {
        let render = CountingRender()
        let app = ReliefApplication.forTesting(render: render.function)
        let response = await app.response("/render?" + Self.largestAnimation)
        #expect(response.status == 400)
        let problem = try #require(response.jsonObject)
        #expect(problem["parameter"] as? String == "fps")
        let detail = try #require(problem["detail"] as? String)
        let limit = app.scheduler.statistics.largestJobMemory
        #expect(limit == 224 << 20)
        #expect(detail.contains("at most 224 MiB of this server's 256 MiB render budget"), "\(detail)")
        // Each change it names fits, and for fps and scale it is the largest that does.
        let named = detail.matches(of: /(fps|loop|scale)=([0-9.a-z]+)/).map { (String($0.1), String($0.2)) }
        #expect(named.first?.0 == "fps" && named.contains { $0.0 == "scale" }, "\(detail)")
        func memory(_ change: String) throws -> Int {
            let name = change.prefix { $0 != "=" }
            let others = Self.largestAnimation.split(separator: "&").filter { $0.prefix { $0 != "=" } != name }
            return try RenderCost.render(RenderSpec.parse(query: (others + [Substring(change)]).joined(separator: "&"))).memory
        }
        for (parameter, value) in named {
            #expect(try memory("\(parameter)=\(value)") <= limit, "\(parameter)=\(value)")
        }
        let fps = try #require(named.first { $0.0 == "fps" }.flatMap { Int($0.1) })
        #expect(try memory("fps=\(fps + 1)") > limit)
        let scale = try #require(named.first { $0.0 == "scale" }.flatMap { Double($0.1) })
        #expect(try memory("scale=\(scale + 0.5)") > limit)
        #expect(render.count == 0, "refused before it reached a worker")
        #expect((await app.response("/metrics")).bodyText.contains("\nrelief_renders_refused_too_large_total 1\n"))
    }

    @Test func aRenderThatFindsItselfTooLargeOnceLaidOutIsRefusedTheSameWay() async throws {
        let app = ReliefApplication.forTesting(render: { _, _, supervisor in
            try supervisor.reserve(1 << 30)
            Issue.record("a reservation past what one render may hold went through")
            return RenderCache.Entry(bytes: [], renderDuration: .zero, encodeDuration: .zero)
        })
        let response = await app.response("/render?size=100")
        #expect(response.status == 400)
        let detail = try #require(response.jsonObject?["detail"] as? String)
        #expect(detail.contains("needs an estimated 1024 MiB") && detail.contains("at most 224 MiB"), "\(detail)")
        #expect(app.scheduler.statistics.memoryInUse == 0)
    }

    @Test func headAnswersWithTheSameHeaders() async {
        let app = ReliefApplication.forTesting(render: CountingRender().function)
        let get = await app.response("/render?style=soft")
        let head = await app.response("/render?style=soft", method: "HEAD")
        #expect(head.status == 200)
        for name in ["Content-Type", "ETag", "Cache-Control", "X-Content-Type-Options", "Access-Control-Allow-Origin"] {
            #expect(head.header(name) == get.header(name))
        }
        // The server sends the length of this body and drops the bytes.
        #expect(head.body.count == get.body.count)
    }

    @Test func twoSpellingsOfOneQueryShareOneCacheEntryAndTag() async {
        let render = CountingRender()
        let app = ReliefApplication.forTesting(render: render.function)
        let first = await app.response("/render?style=dark&pressed=1")
        let second = await app.response("/render?pressed=true&style=dark&icon=heart&depth=shallow")
        #expect(first.status == 200 && second.status == 200)
        #expect(render.count == 1)
        #expect(app.cache.statistics.entries == 1)
        #expect(first.header("ETag") == second.header("ETag"))
        #expect(second.header("Server-Timing")?.hasSuffix("cache;desc=hit") == true)
    }

    @Test(arguments: ["*", "\"nope\", {TAG}", "W/{TAG}", "{TAG}"])
    func aMatchingIfNoneMatchIs304WithoutRendering(field: String) async throws {
        let render = CountingRender()
        let app = ReliefApplication.forTesting(render: render.function)
        let tag = EntityTag.forRender(canonicalQuery: try RenderSpec.parse(query: "component=card").canonicalQuery)
        // The tag of the final bytes, which the query alone names; W/{TAG} is its weak spelling,
        // which If-None-Match's weak comparison matches too.
        let response = await app.response(
            "/render?component=card",
            headers: [("If-None-Match", field.replacing("{TAG}", with: "\"\(tag.opaqueTag)\""))])
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.header("ETag") == tag.headerValue)
        #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(render.count == 0)
    }

    @Test func aStaleIfNoneMatchRenders() async {
        let render = CountingRender()
        let app = ReliefApplication.forTesting(render: render.function)
        let response = await app.response("/render", headers: [("If-None-Match", "\"r0-old\"")])
        #expect(response.status == 200)
        #expect(render.count == 1)
    }

    @Test(arguments: [
        ("size=2000", "size"), ("style=Dark", "style"), ("bogus=1", "bogus"), ("st%yle=dark", "query"),
        // SPEC §11: every bad text names its parameter.
        ("label=%FF", "label"), ("label=%ED%A0%80", "label"), ("label=" + String(repeating: "%E5%AD%97", count: 65), "label"),
        ("label=%E2%80%8B%EF%BB%BF", "label"), ("label=a%E2%80%AEb", "label"),
        ("component=switch&onlabel=%20", "onlabel"), ("component=switch&offlabel=%E2%81%A6x", "offlabel"),
        ("label=Go&font=comic", "font"), ("label=Go&lang=%3F%3F", "lang"),
        // SPEC §8.
        ("animate=maybe", "animate"), ("animate=true&fps=0", "fps"), ("animate=true&fps=240", "fps"),
        ("animate=true&loop=perhaps", "loop"), ("component=well&animate=true", "animate"),
        ("component=card&animate=true", "animate"),
    ])
    func aRefusedQueryIsProblemJSON(query: String, parameter: String) async throws {
        let app = ReliefApplication.forTesting(render: CountingRender().function)
        for accept in [[], [(name: "Accept", value: "*/*")], [(name: "Accept", value: "application/json")]] {
            let response = await app.response("/render?" + query, headers: accept)
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.header("Vary") == "Accept")
            let problem = try #require(response.jsonObject)
            #expect(problem["status"] as? Int == 400)
            #expect(problem["parameter"] as? String == parameter)
            #expect((problem["type"] as? String)?.isEmpty == false)
            #expect((problem["title"] as? String)?.isEmpty == false)
            let error = try #require(specError(query))
            #expect(problem["detail"] as? String == error.detail)
            #expect(problem["allowed"] as? String == error.allowed)
        }
    }

    @Test func aBrowserImageGetsTheProblemAsAPicture() async throws {
        let app = ReliefApplication.forTesting()
        let long = "/render?label=" + String(repeating: "x", count: 80)
        for target in ["/render?size=2000", "/render?style=neon", long] {
            let response = await app.response(target, headers: browserImageAccept)
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "image/png")
            #expect(response.header("Vary") == "Accept")
            #expect(response.header("Cache-Control") == "max-age=60")
            let image = try PNGDecoder.decode(response.body)
            #expect(image.width == 440)
            #expect(image.height > 60 && image.height < 400)
        }
    }

    @Test func theProblemPictureWrapsLongTextOntoMoreLines() throws {
        let short = ProblemDetails(
            type: "t", title: "Invalid render query", status: 400, detail: "size is wrong",
            parameter: "size", allowed: "a number")
        var long = short
        long.detail = String(repeating: "a rather long explanation ", count: 8) + String(repeating: "W", count: 120)
        let shortImage = try PNGDecoder.decode(ProblemImage().draw(short))
        let longImage = try PNGDecoder.decode(ProblemImage().draw(long))
        #expect(shortImage.width == longImage.width)
        #expect(longImage.height > shortImage.height + 80)
    }

    @Test func aRenderThatWouldWaitTooLongIs503WithTheEstimatedWait() async {
        let release = DispatchSemaphore(value: 0)
        let render = CountingRender(gate: release)
        // One worker, and renders estimated at 100 µs a pixel: a 100 × 100 image takes about a second.
        let app = ReliefApplication.forTesting(
            renders: {
                $0.workers = 1
                $0.maxQueueWait = .milliseconds(500)
                $0.initialSecondsPerWork = 1e-4
            }, render: render.function)
        let slow = PendingResponse(app, "/render?size=100&margin=0")
        let refused = await app.response("/render?size=120&margin=0")
        #expect(refused.status == 503)
        #expect(refused.header("Content-Type") == "application/problem+json")
        #expect(refused.jsonObject?["status"] as? Int == 503)
        let retryAfter = Int(refused.header("Retry-After") ?? "") ?? 0
        #expect((1...10).contains(retryAfter), "about the running render's estimate: \(retryAfter)")
        release.signal()
        #expect(await slow.value.status == 200)
        #expect(render.count == 1)
        #expect(app.scheduler.statistics.refused == 1)
        // The worker is counted free before its answer goes out, so the next render has its place.
        #expect(app.scheduler.statistics.running.values.reduce(0, +) == 0)
        // A cache hit is answered even while a render is running.
        let blocked = PendingResponse(app, "/render?size=140&margin=0")
        #expect(await app.response("/render?size=100&margin=0").status == 200)
        release.signal()
        #expect(await blocked.value.status == 200)
    }

    @Test func renderFailuresAre500ProblemsAndNotCached() async {
        struct Broken: Error, CustomStringConvertible {
            var description: String { "no fonts" }
        }
        let app = ReliefApplication.forTesting(render: { _, _, _ in throw Broken() }, audit: { _, _ in throw Broken() })
        let response = await app.response("/render")
        #expect(response.status == 500)
        #expect(response.jsonObject?["detail"] as? String == "no fonts")
        #expect(app.cache.statistics.entries == 0)
        // An audit fails the same way; /metrics counts both.
        #expect(await app.response("/audit").status == 500)
        let metrics = await app.response("/metrics").bodyText.split(separator: "\n")
        #expect(metrics.contains("relief_render_failures_total 2"))
        #expect(metrics.contains(#"relief_http_requests_total{route="render",status="500"} 1"#))
        #expect(metrics.contains(#"relief_http_requests_total{route="audit",status="500"} 1"#))
    }

    private func specError(_ query: String) -> SpecError? {
        do {
            _ = try RenderSpec.parse(query: query)
            return nil
        } catch {
            return error
        }
    }
}
