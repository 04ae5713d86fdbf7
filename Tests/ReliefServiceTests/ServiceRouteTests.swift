import Dispatch
import Foundation
import ReliefHTTPServer
import ReliefScreen
import ReliefSpec
import Testing

@testable import ReliefService

@Suite("Health, metrics, OpenAPI and methods")
struct ServiceRouteTests {
    @Test func healthIsOkOnceATestRenderWorks() async {
        let render = CountingRender()
        let app = ReliefApplication.forTesting(render: render.function)
        let response = await app.response("/healthz")
        #expect(response.status == 200)
        #expect(response.bodyText == "ok\n")
        #expect(await app.response("/healthz").status == 200)
        #expect(render.count == 1)
    }

    @Test func healthIs503WhileRendersFail() async {
        let app = ReliefApplication.forTesting(render: { _, _, _ in throw RenderFailure.failed("fonts missing") })
        let response = await app.response("/healthz")
        #expect(response.status == 503)
        #expect((response.jsonObject?["detail"] as? String)?.contains("fonts missing") == true)
    }

    @Test func healthWithTheRealPipeline() async {
        #expect(await ReliefApplication.forTesting().response("/healthz").status == 200)
    }

    @Test func openAPIIsValidJSONDescribingEveryRenderParameter() async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response("/openapi.json")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let document = try #require(response.jsonObject)
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == ["/render", "/screen", "/audit", "/describe", "/healthz", "/metrics", "/openapi.json"])
        let screen = try #require((paths["/screen"] as? [String: Any])?["get"] as? [String: Any])
        #expect(
            (screen["parameters"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                == ["source"] + RenderSpec.parameterNames.filter(ScreenRequest.settingNames.contains))
        let audit = try #require((paths["/audit"] as? [String: Any])?["get"] as? [String: Any])
        // /audit takes a screen's source too, optional there.
        let auditParameters = try #require(audit["parameters"] as? [[String: Any]])
        #expect(auditParameters.compactMap { $0["name"] as? String } == RenderSpec.parameterNames + ["source"])
        #expect(auditParameters.last?["required"] as? Bool == false)
        let render = try #require((paths["/render"] as? [String: Any])?["get"] as? [String: Any])
        let parameters = try #require(render["parameters"] as? [[String: Any]])
        #expect(parameters.compactMap { $0["name"] as? String } == RenderSpec.parameterNames)

        let byName = Dictionary(uniqueKeysWithValues: parameters.map { ($0["name"] as! String, $0["schema"] as! [String: Any]) })
        #expect(byName["style"]?["enum"] as? [String] == RenderSpec.Style.allCases.map(\.rawValue))
        #expect(byName["icon"]?["enum"] as? [String] == RenderSpec.Icon.allCases.map(\.rawValue))
        #expect(byName["component"]?["default"] as? String == "button")
        #expect(byName["size"]?["minimum"] as? Double == RenderSpec.Limits.side.lowerBound)
        #expect(byName["size"]?["maximum"] as? Double == RenderSpec.Limits.side.upperBound)
        #expect(byName["size"]?["default"] as? Double == 80)
        #expect(byName["scale"]?["maximum"] as? Double == RenderSpec.Limits.scale.upperBound)
        #expect(byName["label"]?["maxLength"] as? Int == RenderSpec.Limits.maxLabelCharacters)
        let etag = try #require(response.header("ETag"))
        #expect(await app.response("/openapi.json", headers: [("If-None-Match", etag)]).status == 304)
    }

    @Test func metricsAreWellFormedPrometheusText() async throws {
        let app = ReliefApplication.forTesting(render: CountingRender().function)
        _ = await app.response("/render?style=dark")
        _ = await app.response("/render?style=dark")
        _ = await app.response("/render?size=1")
        _ = await app.response("/nowhere")
        let response = await app.response("/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let lines = response.bodyText.split(separator: "\n")
        for line in lines where !line.hasPrefix("#") {
            #expect(line.wholeMatch(of: /[a-z_]+(\{[a-z]+="[^"]*"(,[a-z]+="[^"]*")*\})? -?[0-9.e+-]+/) != nil, "\(line)")
        }
        for expected in [
            "relief_http_requests_total{route=\"render\",status=\"200\"} 2",
            "relief_http_requests_total{route=\"render\",status=\"400\"} 1",
            "relief_http_requests_total{route=\"files\",status=\"404\"} 1",
            "relief_cache_hits_total 1", "relief_cache_misses_total 1", "relief_cache_entries 1",
            "relief_cache_evictions_total 0", "relief_render_duration_seconds_count 1",
            "relief_render_duration_seconds_bucket{le=\"+Inf\"} 1", "relief_encode_duration_seconds_count 1",
            "relief_http_open_connections 0", "relief_renders_in_flight 0", "relief_renders_refused_overloaded_total 0",
            "relief_renders_refused_too_large_total 0", "relief_render_memory_largest_job_bytes 234881024",
            "relief_access_log_dropped_total 0", "relief_draining 0", "relief_audit_duration_seconds_count 0",
            "relief_build_info{version=\"\(ReliefRelease.version)\",renderer=\"\(ReliefRelease.rendererVersion)\"} 1",
            "relief_requests_unanswered_total{reason=\"client_gone\"} 0",
            "relief_connections_refused_total{reason=\"over_capacity\"} 0",
            "relief_connections_evicted_total{reason=\"evicted_idle\"} 0",
            "# TYPE relief_render_duration_seconds histogram", "# TYPE relief_http_requests_total counter",
        ] {
            #expect(lines.contains(Substring(expected)), "\(expected)")
        }
        #expect(lines.contains { $0.hasPrefix("relief_cache_bytes ") })
    }

    @Test func onlyRendersAnswered503CountAsRefusedOverloaded() async {
        // One worker, busy with a render estimated at about a second, and half a second the longest
        // wait: the next render is refused 503; a refused query asked for by an <img> falls back to
        // JSON, which is not a refused render.
        let gate = DispatchSemaphore(value: 0)
        let app = ReliefApplication.forTesting(
            renders: {
                $0.workers = 1
                $0.maxQueueWait = .milliseconds(500)
                $0.initialSecondsPerWork = 1e-4
            }, render: CountingRender(gate: gate).function)
        let busy = PendingResponse(app, "/render?size=100&margin=0")
        let refused = await app.response("/render?size=120&margin=0")
        #expect(refused.status == 503)
        #expect(await app.response("/render?size=1", headers: browserImageAccept).status == 400)
        gate.signal()
        #expect(await busy.value.status == 200)
        let metrics = await app.response("/metrics").bodyText
        #expect(metrics.contains("relief_renders_refused_overloaded_total 1\n"), "\(metrics)")
    }

    @Test func auditsHaveTheirOwnDurationHistogram() async {
        let app = ReliefApplication(render: CountingRender().function, audit: { _, _ in Array("{}".utf8) })
        #expect(await app.response("/audit?style=dark").status == 200)
        let metrics = await app.response("/metrics").bodyText
        #expect(metrics.contains("relief_audit_duration_seconds_count 1\n"), "\(metrics)")
        #expect(metrics.contains("# TYPE relief_audit_duration_seconds histogram\n"))
    }

    @Test func theServersDropsAreCountedByReason() async {
        let app = ReliefApplication(render: CountingRender().function)
        for reason in DropLogEntry.Reason.allCases {
            app.workDropped(DropLogEntry(reason: reason, remoteAddress: "127.0.0.1"))
        }
        app.workDropped(DropLogEntry(reason: .clientGone, remoteAddress: "127.0.0.1"))
        let metrics = await app.response("/metrics").bodyText
        for line in [
            "relief_requests_unanswered_total{reason=\"client_gone\"} 2",
            "relief_requests_unanswered_total{reason=\"write_timeout\"} 1",
            "relief_requests_unanswered_total{reason=\"shutdown\"} 1",
            "relief_connections_refused_total{reason=\"over_capacity\"} 1",
            "relief_connections_refused_total{reason=\"per_address_limit\"} 1",
            "relief_connections_evicted_total{reason=\"evicted_idle\"} 1",
            "relief_connections_evicted_total{reason=\"evicted_incomplete_head\"} 1",
        ] {
            #expect(metrics.contains(line + "\n"), "\(line)")
        }
    }

    @Test func healthIs503WhileDrainingAndEverythingElseServes() async throws {
        let app = ReliefApplication.forTesting(render: CountingRender().function)
        #expect(await app.response("/healthz").status == 200)
        #expect(await app.response("/render?style=dark").closesConnection == false)
        app.beginDraining()
        let health = await app.response("/healthz")
        #expect(health.status == 503)
        #expect(health.jsonObject?["type"] as? String == "urn:relief:problem:draining")
        let render = await app.response("/render?style=dark")
        #expect(render.status == 200)
        #expect(await app.response("/metrics").bodyText.contains("relief_draining 1\n"))
        // Kept-alive clients are sent on their way, to reconnect to a server that is not stopping.
        // The server writes the Connection header; the application only says so.
        for response in [health, render] {
            #expect(response.closesConnection)
            #expect(response.header("Connection") == nil)
        }
    }

    @Test func metricsReadOpenConnectionsFromTheServer() async {
        let app = ReliefApplication(openConnections: { 7 }, render: CountingRender().function)
        #expect(await app.response("/metrics").bodyText.contains("relief_http_open_connections 7\n"))
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "get"])
    func otherMethodsAre405(method: String) async {
        let app = ReliefApplication.forTesting(render: CountingRender().function)
        for target in ["/render", "/", "/healthz"] {
            let response = await app.response(target, method: method)
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
            #expect(response.header("Content-Type") == "application/problem+json")
        }
    }

    @Test func unknownPathsAre404ProblemJSON() async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response("/render/extra")
        #expect(response.status == 404)
        let problem = try #require(response.jsonObject)
        #expect(problem["status"] as? Int == 404)
        #expect(problem["title"] as? String == "Not Found")
    }

    @Test func theAccessLogWritesOneLinePerRequest() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/access.log"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let log = try AccessLog(destination: .file(path))
        let app = ReliefApplication(accessLog: log, render: CountingRender().function)
        _ = await app.response("/render?style=dark")
        _ = await app.response("/render?style=dark", method: "HEAD")
        _ = await app.response("/a b\u{1}")
        #expect(log.flush(within: .seconds(20)))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].wholeMatch(of: /GET \/render\?style=dark 200 \d+B \d+\.\d\dms miss/) != nil, "\(lines[0])")
        #expect(lines[1].wholeMatch(of: /HEAD \/render\?style=dark 200 0B \d+\.\d\dms hit/) != nil, "\(lines[1])")
        #expect(lines[2].wholeMatch(of: /GET \/a\\x20b\\x01 404 \d+B \d+\.\d\dms -/) != nil, "\(lines[2])")
    }
}
