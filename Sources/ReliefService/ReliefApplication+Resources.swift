import ReliefHTTPServer
import ReliefRender

extension ReliefApplication {
    /// `/healthz`: `503` while draining; else `200 ok` once a test render succeeded, else `503`
    /// with the reason.
    func respondToHealth(reply: @escaping Reply) {
        guard !isDraining else { return reply(Self.problem(.draining)) }
        health.check { result in
            switch result {
            case .success:
                reply(
                    HTTPResponse(
                        status: 200,
                        headers: [
                            ("Content-Type", "text/plain; charset=utf-8"),
                            ("Cache-Control", "no-store"),
                        ],
                        body: Array("ok\n".utf8)))
            case .failure(let failure):
                let reason =
                    switch failure {
                    case .failed(let text): text
                    case .refused(let error): error.description
                    case .overloaded: "the render workers are overloaded"
                    case .cancelled: "the test render was cancelled"
                    }
                reply(
                    Self.problem(
                        ProblemDetails(
                            type: "urn:relief:problem:unhealthy", title: "Cannot render", status: 503,
                            detail: "the test render failed: " + reason)))
            }
        }
    }

    /// `/metrics`: every counter as Prometheus text.
    func metricsResponse() -> HTTPResponse {
        let text = metrics.exposition(
            .init(
                cache: cache.statistics, shadows: ShadowCache.shared.counters, renders: scheduler.statistics,
                openConnections: openConnections(),
                accessLogDroppedLines: accessLog?.droppedLines ?? 0, isDraining: isDraining,
                memory: .now))
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", ServiceMetrics.contentType),
                ("Cache-Control", "no-store"),
            ],
            body: Array(text.utf8))
    }

    /// `/openapi.json`: the description of the service, revalidated by its tag.
    func openAPIResponse(_ request: HTTPRequest) -> HTTPResponse {
        Self.content(
            request, body: openAPIDocument.json, contentType: "application/json",
            tag: openAPIDocument.tag, cacheControl: "no-cache")
    }

    /// A file of the public directory, revalidated by its tag (`no-cache`: the playground changes
    /// with each release and must not go stale); `404` problem JSON when there is none or the path
    /// is refused.
    func fileResponse(_ request: HTTPRequest) -> HTTPResponse {
        guard let file = publicDirectory.file(at: request.path) else {
            return Self.problem(.notFound(request.path))
        }
        return Self.content(
            request, body: file.bytes, contentType: file.contentType, tag: file.entityTag,
            cacheControl: "no-cache")
    }
}
