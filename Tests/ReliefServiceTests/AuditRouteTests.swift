import Foundation
import ReliefPNG
import ReliefSpec
import Testing

@testable import ReliefService

@Suite("/audit")
struct AuditRouteTests {
    /// The checks of `query`, by id.
    func checks(_ query: String, app: ReliefApplication = .forTesting()) async throws -> [String: [String: Any]] {
        let response = await app.response("/audit?" + query)
        try #require(response.status == 200, "\(response.bodyText)")
        let body = try #require(response.jsonObject)
        let list = try #require(body["checks"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as! String, $0) })
    }

    @Test func answersWithTheCanonicalQueryEveryCheckAndAVerdict() async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response("/audit?style=light")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
        let body = try #require(response.jsonObject)
        #expect(Set(body.keys) == ["query", "checks", "pass"])
        #expect(body["query"] as? String == (try RenderSpec.parse(query: "style=light")).canonicalQuery)
        #expect(body["pass"] as? Bool == false)
        let list = try #require(body["checks"] as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == ["label-contrast", "control-contrast", "state-contrast", "target-size"])
        for check in list {
            #expect(check["required"] is Double || check["required"] is Int)
            #expect(check["level"] as? String == "AA")
            #expect(check["pass"] is Bool)
            #expect((check["detail"] as? String)?.hasSuffix(".") == true)
            #expect((check["ratio"] != nil) != (check["size"] != nil))
        }
    }

    @Test func everySuggestionComesWithItsFixAsParameterValues() async throws {
        let light = try await checks("style=light")
        let label = try #require(light["label-contrast"])
        #expect((label["suggestion"] as? String)?.hasPrefix("contrast=high raises the label to") == true)
        #expect(label["fix"] as? [[String: String]] == [["parameter": "contrast", "value": "high"]])
        #expect(light["target-size"]?["fix"] == nil)
        let target = try #require(try await checks("shape=rounded&width=20&height=20&icon=none")["target-size"])
        #expect(target["suggestion"] as? String == "width and height of 44 or more make the target 44×44 points.")
        #expect(
            target["fix"] as? [[String: String]]
                == [["parameter": "width", "value": "44"], ["parameter": "height", "value": "44"]])
        for check in light.values + [target] {
            #expect((check["suggestion"] != nil) == (check["fix"] != nil), "\(check)")
        }
    }

    @Test func refusedQueriesGetTheSameProblemAsRender() async throws {
        let app = ReliefApplication.forTesting()
        let audit = await app.response("/audit?simulate=colourblind")
        let render = await app.response("/render?simulate=colourblind")
        #expect(audit.status == 400)
        #expect(audit.header("Content-Type") == ProblemDetails.mediaType)
        #expect(audit.jsonObject?["parameter"] as? String == "simulate")
        #expect(audit.jsonObject?["detail"] as? String == render.jsonObject?["detail"] as? String)
    }

    @Test func aLabelThatGrowsTheImageTooFarIsRefusedOnBothRoutes() async throws {
        // 32 one-letter words at 53 points, one a line in a 16-point frame, at scale 4.
        let query =
            "shape=rounded&width=16&height=16&textsize=ax5&scale=4&margin=256&label="
            + Array(repeating: "a", count: 32).joined(separator: "+")
        let app = ReliefApplication.forTesting()
        for route in ["/render?", "/audit?"] {
            let response = await app.response(route + query)
            #expect(response.status == 400, "\(route)")
            #expect(response.jsonObject?["parameter"] as? String == "label")
        }
    }

    @Test func theSameQueryIsAnsweredFromTheCache() async throws {
        let audits = Counter()
        let app = ReliefApplication(
            configuration: .init(),
            audit: { spec, _ in
                audits.increment()
                return Array("{\"query\":\"\(spec.canonicalQuery)\"}".utf8)
            })
        let first = await app.response("/audit?style=soft")
        let second = await app.response("/audit?style=soft&pressed=false")
        #expect(first.header("Server-Timing")?.hasSuffix("cache;desc=miss") == true)
        #expect(second.header("Server-Timing")?.hasSuffix("cache;desc=hit") == true)
        #expect(second.body == first.body)
        #expect(audits.count == 1)
        let revalidated = await app.response("/audit?style=soft", headers: [("If-None-Match", first.header("ETag")!)])
        #expect(revalidated.status == 304)
        // An image of the same query is a different entry.
        #expect(
            app.cache.keysByRecency == [
                ReliefApplication.auditKey(canonicalQuery: try RenderSpec.parse(query: "style=soft").canonicalQuery)
            ])
    }
}

@Suite("simulate on /render")
struct SimulationRouteTests {
    func rendered(_ query: String) async throws -> DecodedImage {
        let response = await ReliefApplication.forTesting().response("/render?" + query)
        try #require(response.status == 200)
        return try PNGDecoder.decode(response.body)
    }

    @Test func theAchromatopsiaRenderIsGrey() async throws {
        let image = try await rendered("style=colorful&pressed=true&simulate=achromatopsia")
        let pixels = stride(from: 0, to: image.rgba.count, by: 4)
        #expect(pixels.allSatisfy { image.rgba[$0] == image.rgba[$0 + 1] && image.rgba[$0 + 1] == image.rgba[$0 + 2] })
        let original = try await rendered("style=colorful&pressed=true")
        #expect(!stride(from: 0, to: original.rgba.count, by: 4).allSatisfy { original.rgba[$0] == original.rgba[$0 + 2] })
    }

    @Test(arguments: RenderSpec.Simulation.allCases.filter { $0 != .none })
    func everySimulationChangesTheImageButNotItsSize(simulation: RenderSpec.Simulation) async throws {
        let original = try await rendered("style=colorful")
        let seen = try await rendered("style=colorful&simulate=\(simulation.rawValue)")
        #expect(seen.width == original.width && seen.height == original.height)
        #expect(seen.rgba != original.rgba)
    }

    @Test func simulateIsPartOfTheCacheKey() async throws {
        let app = ReliefApplication.forTesting()
        let plain = await app.response("/render?style=dark")
        let simulated = await app.response("/render?style=dark&simulate=lowvision")
        #expect(plain.header("ETag") != simulated.header("ETag"))
        #expect(app.cache.keysByRecency.count == 2)
    }
}
