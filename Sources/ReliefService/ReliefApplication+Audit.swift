import ReliefHTTPServer
import ReliefSpec

extension ReliefApplication {
    /// The cache key of an audit: its canonical query behind a prefix that no render key starts with,
    /// so audits and images share the cache's budget without colliding.
    static func auditKey(canonicalQuery: String) -> String {
        "audit?" + canonicalQuery
    }

    /// `/audit`: the accessibility checks of a `/render` query, as JSON. Refused queries get the same
    /// `400` as on `/render`; results are cached like images, so asking again is answered at once.
    func respondToAudit(_ request: HTTPRequest, reply: @escaping Reply) {
        let spec: RenderSpec
        do {
            spec = try RenderSpec.parse(query: String(request.query))
        } catch {
            return reply(Self.problem(ProblemDetails(error)))
        }
        let key = Self.auditKey(canonicalQuery: spec.canonicalQuery)
        respondFromCache(request, key: key, tag: EntityTag.forRender(canonicalQuery: key), contentType: "application/json",
                         serverTiming: { entry in "audit;dur=\(entry.renderDuration.millisecondsText)" },
                         produce: { deliver in startAudit(spec, deliver: deliver) },
                         refused: { error in reply(Self.problem(ProblemDetails(error))) },
                         reply: reply)
    }

    /// Runs the audit on a render worker and delivers its JSON, or `.overloaded` when the queue is full.
    private func startAudit(_ spec: RenderSpec, deliver: @escaping RenderCache.Delivery) {
        startOnWorker(deliver: deliver) { [self] in
            let clock = ContinuousClock()
            let start = clock.now
            let bytes = try audit(spec)
            let entry = RenderCache.Entry(bytes: bytes, renderDuration: clock.now - start, encodeDuration: .zero)
            metrics.recordAudit(entry)
            return entry
        }
    }
}
