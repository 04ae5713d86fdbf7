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
        let tag = EntityTag.forRender(canonicalQuery: key)
        respondFromCache(
            request, key: key, tag: tag, contentHeaders: Self.contentHeaders(contentType: "application/json", tag: tag),
            produce: { flight in
                // Scheduled like the renders it draws: by their cost, within the memory budget.
                schedule(flight, spec: spec, costing: RenderCost.audit) { [self] supervisor in
                    let clock = ContinuousClock()
                    let start = clock.now
                    let bytes = try audit(spec, supervisor)
                    let entry = RenderCache.Entry(json: bytes, stage: "audit", duration: clock.now - start)
                    metrics.recordAudit(entry)
                    return entry
                }
            },
            refused: { error in reply(Self.problem(ProblemDetails(error))) },
            reply: reply)
    }
}
