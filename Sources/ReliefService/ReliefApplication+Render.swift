import ReliefHTTPServer
import ReliefRender
import ReliefSpec

extension ReliefApplication {
    /// `/render`: parse, answer `304` from the tag alone when the client has the image, else fetch
    /// it from the cache, which renders it on a worker when needed.
    func respondToRender(_ request: HTTPRequest, reply: @escaping Reply) {
        let parsed: RenderQueryMemo.Parsed
        do {
            parsed = try queryMemo.parsed(request, defaultFormat: configuration.defaultFormat)
        } catch {
            return respondToRefusedQuery(error, request: request, reply: reply)
        }
        respondFromCache(
            request, key: parsed.canonicalQuery, headers: parsed.headers,
            produce: { flight in
                schedule(flight, spec: parsed.spec, costing: { RenderCost.render($0) }) { [self] supervisor in
                    // The first answer is encoded fast; asked again, it is made smaller.
                    let entry = try render(parsed.spec, .fast, supervisor)
                    metrics.recordRender(entry)
                    return entry
                }
            },
            refusalMayBePicture: true, reply: reply)
    }

    /// Answers with what the cache holds under `key`, made by `produce` on a miss (a `format=auto`
    /// query's key names the format its `Accept` chose, so each type is its own entry under its own
    /// tag, every answer saying `Vary: Accept`): `304` from the final bytes' tag alone when the client already has them; else the stored bytes with their
    /// `headers` and their `Server-Timing` (plus whether the cache hit; on a hit, the durations are
    /// those of the work that made the stored entry), or the problem the making ran into.
    ///
    /// Final bytes go with ``CachedFileHeaders/final``. Provisional ones (``RenderCache/Entry/canShrink``)
    /// go under their own tag for ``Configuration/provisionalMaxAge`` seconds, `304` when the client
    /// holds them; asked for again, they are encoded smaller in the background
    /// (``shrinkInBackground(_:)``), and a client revalidating them afterwards gets the smaller bytes.
    ///
    /// A query the making refuses is answered `400` as ``respondToRefusal(_:request:reply:)`` does
    /// when `refusalMayBePicture` (JSON, or a picture for a client that ranks images first), else as
    /// problem JSON.
    func respondFromCache(
        _ request: HTTPRequest, key: String, headers: CachedFileHeaders,
        produce: (_ flight: RenderCache.Flight) -> Void,
        refusalMayBePicture: Bool,
        reply: @escaping Reply
    ) {
        if let notModified = Self.notModified(request, tag: headers.tag, cacheControl: CachedFileHeaders.finalCacheControl) {
            return reply(headers.varying(notModified))
        }
        @Sendable func answer(_ result: Result<RenderCache.Entry, RenderFailure>, _ source: RenderCache.Source) {
            // Each answer is handed over as it is made, its headers' storage not held here too: the
            // headers every response gets are then added to that storage, not to a copy of it.
            func noted(_ response: HTTPResponse) -> HTTPResponse {
                var response = response
                response.logNote = source.rawValue
                return response
            }
            switch result {
            case .success(let entry) where entry.canShrink:
                if source == .hit { self.shrinkInBackground(key) }
                if let notModified = Self.notModified(
                    request, tag: headers.provisionalTag, cacheControl: headers.provisionalCacheControl)
                {
                    reply(noted(headers.varying(notModified)))
                } else {
                    reply(
                        HTTPResponse(
                            status: 200,
                            headers: headers.provisional.appending(
                                source == .hit ? entry.serverTimingOnHit : entry.serverTimingOnMiss),
                            body: entry.bytes, logNote: source.rawValue))
                }
            case .success(let entry):
                reply(
                    HTTPResponse(
                        status: 200,
                        headers: headers.final.appending(source == .hit ? entry.serverTimingOnHit : entry.serverTimingOnMiss),
                        body: entry.bytes, logNote: source.rawValue))
            case .failure(.overloaded(let retryAfter)):
                self.metrics.recordRenderRefusedOverloaded()
                reply(
                    noted(
                        Self.problem(
                            .overloaded(retryAfter: retryAfter),
                            headers: [("Retry-After", String(retryAfter)), ("Cache-Control", "no-store")])))
            case .failure(.cancelled):
                reply(noted(Self.problem(.cancelled)))
            case .failure(.failed(let reason)):
                reply(noted(Self.problem(.renderFailed(reason))))
            case .failure(.refused(let error)):
                guard refusalMayBePicture else { return reply(Self.problem(ProblemDetails(error))) }
                self.respondToRefusal(ProblemDetails(error), request: request, reply: reply)
            }
        }
        // A hit is answered at once, without the closure a fetch keeps until a render is delivered.
        if let entry = cache.storedEntry(for: key) { return answer(.success(entry), .hit) }
        cache.fetch(key, cancellation: request.cancellation, produce: produce, completion: answer)
    }

    /// Submits the making of `flight`'s entry to the scheduler as a job costing `costing(spec)`, and
    /// delivers its outcome: a ``SpecError`` `produce` throws is the query's fault (`.refused`),
    /// anything else a failure, counted. A job too large for the memory budget, when submitted or
    /// once laid out, is refused as the query's fault too, naming what would fit
    /// (``RenderCost/tooLargeError(_:memory:limit:budget:costing:)``); one the scheduler sheds is
    /// delivered `.overloaded` at once; one nobody wants any more was answered when it was withdrawn.
    func schedule(
        _ flight: RenderCache.Flight, spec: RenderSpec, costing: @escaping @Sendable (RenderSpec) -> RenderCost,
        produce: @escaping @Sendable (RenderSupervisor) throws -> RenderCache.Entry
    ) {
        schedule(
            flight, cost: costing(spec),
            tooLarge: { memory, limit, budget in
                RenderCost.tooLargeError(spec, memory: memory, limit: limit, budget: budget, costing: costing)
            }, produce: produce)
    }

    /// Submits the making of `flight`'s entry to the scheduler as a job costing `cost` (see
    /// ``schedule(_:spec:costing:produce:)``); a job too large for the memory budget is refused with
    /// `tooLarge(memory, limit, budget)`.
    func schedule(
        _ flight: RenderCache.Flight, cost: RenderCost,
        tooLarge: @escaping @Sendable (_ memory: Int, _ limit: Int, _ budget: Int) -> SpecError,
        produce: @escaping @Sendable (RenderSupervisor) throws -> RenderCache.Entry
    ) {
        let budget = scheduler.configuration.memoryBytes
        let job = RenderScheduler.Job(
            work: cost.work, memory: cost.memory,
            isWanted: { flight.isWanted }, withdrawIfUnwanted: flight.withdrawIfUnwanted
        ) { [metrics] running in
            let supervisor = RenderSupervisor(
                reserve: { bytes in
                    do throws(RenderScheduler.TooLarge) {
                        try running.reserve(bytes)
                    } catch {
                        throw tooLarge(error.memory, error.limit, budget)
                    }
                }, isWanted: { running.isWanted })
            let outcome: Result<RenderCache.Entry, RenderFailure>
            do {
                outcome = .success(try CoreShare.process.running { try produce(supervisor) })
            } catch let error as SpecError {
                outcome = .failure(.refused(error))
            } catch is RenderAbandoned {
                return {}
            } catch {
                metrics.recordRenderFailure()
                outcome = .failure(.failed(String(describing: error)))
            }
            return { flight.deliver(outcome) }
        }
        switch scheduler.submit(job) {
        case .queued:
            break
        case .refused(.tooLarge(let refusal)):
            flight.deliver(.failure(.refused(tooLarge(refusal.memory, refusal.limit, budget))))
        case .refused(.busy(let wait)):
            flight.deliver(.failure(.overloaded(retryAfter: max(1, Int(wait.seconds.rounded(.up))))))
        }
    }

    /// `400`: problem JSON, or — for a client that ranks images above everything else, such as a
    /// browser's `<img>` — a PNG that states the problem, from ``ProblemImage``, never from the
    /// render workers; when it is busy or the picture cannot be drawn, the JSON goes instead, so
    /// the status stays right.
    private func respondToRefusedQuery(_ error: SpecError, request: HTTPRequest, reply: @escaping Reply) {
        respondToRefusal(ProblemDetails(error), request: request, reply: reply)
    }

    /// `400` with `problem`, as JSON or as a picture of it (``respondToRefusedQuery(_:request:reply:)``).
    func respondToRefusal(_ problem: ProblemDetails, request: HTTPRequest, reply: @escaping Reply) {
        let maxAge = configuration.errorMaxAge
        let caching: HTTPHeaders = [("Vary", "Accept"), ("Cache-Control", maxAge > 0 ? "max-age=\(maxAge)" : "no-store")]
        let json = Self.problem(problem, headers: caching)
        guard AcceptHeader(request.header("Accept")).prefersImageToJSON else { return reply(json) }
        problemImage.png(for: problem) { png in
            reply(png.map { HTTPResponse(status: 400, headers: [("Content-Type", "image/png")] + caching, body: $0) } ?? json)
        }
    }
}
