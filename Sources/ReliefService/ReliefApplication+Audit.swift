import ReliefHTTPServer
import ReliefRender
import ReliefScreen
import ReliefSpec

extension ReliefApplication {
    /// The cache key of an audit: its canonical query behind a prefix that no render key starts with,
    /// so audits and images share the cache's budget without colliding.
    static func auditKey(canonicalQuery: String) -> String {
        "audit?" + canonicalQuery
    }

    /// `/audit`: the accessibility checks of a `/render` query, or of a screen when the query gives
    /// `source` (``respondToScreenAudit(_:reply:)``), as JSON. Refused queries get the same `400` as
    /// on `/render`; results are cached like images, so asking again is answered at once.
    func respondToAudit(_ request: HTTPRequest, reply: @escaping Reply) {
        if QuerySettings.isNamed(ScreenRequest.sourceName, in: String(request.query)) {
            return respondToScreenAudit(request, reply: reply)
        }
        // Scheduled like the renders it draws: by their cost, within the memory budget.
        respondWithJSON(
            request, key: Self.auditKey, stage: "audit", costing: RenderCost.audit,
            recorded: { [self] in metrics.recordAudit($0) }, reply: reply
        ) { [self] spec, supervisor in try audit(spec, supervisor) }
    }

    /// Answers a route that takes the `/render` parameters with JSON made from its spec by `make` on
    /// a render worker (scheduled at `costing`'s cost), cached under `key` of the canonical query and
    /// tagged by it, its time in `Server-Timing` as `stage` and handed to `recorded`; a refused
    /// query gets `/render`'s `400`.
    func respondWithJSON(
        _ request: HTTPRequest, key makeKey: (String) -> String, stage: String,
        costing: @escaping @Sendable (RenderSpec) -> RenderCost,
        recorded: @escaping @Sendable (RenderCache.Entry) -> Void = { _ in }, reply: @escaping Reply,
        make: @escaping @Sendable (RenderSpec, RenderSupervisor) throws -> [UInt8]
    ) {
        let spec: RenderSpec
        do {
            spec = try RenderSpec.parse(query: String(request.query))
        } catch {
            return reply(Self.problem(ProblemDetails(error)))
        }
        respondWithJSON(
            request, key: makeKey(spec.canonicalQuery), stage: stage, cost: costing(spec),
            tooLarge: { memory, limit, budget in
                RenderCost.tooLargeError(spec, memory: memory, limit: limit, budget: budget, costing: costing)
            }, recorded: recorded, reply: reply
        ) { supervisor in try make(spec, supervisor) }
    }

    /// Answers with the JSON `make` writes on a render worker, scheduled at `cost` (refused with
    /// `tooLarge`'s `400` past the memory a job may hold), cached under `key` and tagged by it, its
    /// time in `Server-Timing` as `stage` and handed to `recorded`.
    func respondWithJSON(
        _ request: HTTPRequest, key: String, stage: String, cost: RenderCost,
        tooLarge: @escaping @Sendable (_ memory: Int, _ limit: Int, _ budget: Int) -> SpecError,
        recorded: @escaping @Sendable (RenderCache.Entry) -> Void, reply: @escaping Reply,
        make: @escaping @Sendable (RenderSupervisor) throws -> [UInt8]
    ) {
        respondFromCache(
            request, key: key,
            headers: CachedFileHeaders(
                contentType: "application/json", tag: EntityTag.forRender(canonicalQuery: key),
                provisionalMaxAge: configuration.provisionalMaxAge),
            produce: { flight in
                schedule(flight, cost: cost, tooLarge: tooLarge) { supervisor in
                    let clock = ContinuousClock()
                    let start = clock.now
                    let bytes = try make(supervisor)
                    let entry = RenderCache.Entry(json: bytes, stage: stage, duration: clock.now - start)
                    recorded(entry)
                    return entry
                }
            },
            refusalMayBePicture: false, reply: reply)
    }
}
