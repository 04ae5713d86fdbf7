import ReliefSpec

extension ReliefApplication {
    /// `Cache-Control` of a rendered image: its URL names its pixels, so it never changes.
    static let imageCacheControl = "public, max-age=31536000, immutable"

    /// `/render`: parse, answer `304` from the tag alone when the client has the image, else fetch
    /// it from the cache, which renders it on a worker when needed.
    func respondToRender(_ request: HTTPRequest, reply: @escaping Reply) {
        let parsed: RenderQueryMemo.Parsed
        do {
            parsed = try queryMemo.parsed(String(request.query))
        } catch {
            return respondToRefusedQuery(error, request: request, reply: reply)
        }
        let (spec, key, tag) = (parsed.spec, parsed.canonicalQuery, parsed.tag)
        let headers = [("ETag", tag.headerValue), ("Cache-Control", Self.imageCacheControl)]
        if let field = request.header("If-None-Match"), tag.isMatched(byIfNoneMatch: field) {
            return reply(Answer(HTTPResponse(status: 304, headers: headers)))
        }
        cache.fetch(key, produce: { deliver in startRender(spec, deliver: deliver) }) { result, source in
            switch result {
            case .success(let entry):
                // On a hit, the durations are those of the render that made the stored image.
                let timing = "render;dur=\(entry.renderDuration.millisecondsText), "
                    + "encode;dur=\(entry.encodeDuration.millisecondsText), cache;desc=\(source.rawValue)"
                reply(Answer(HTTPResponse(status: 200,
                                          headers: [("Content-Type", "image/png")] + headers + [("Server-Timing", timing)],
                                          body: entry.bytes),
                             cache: source))
            case .failure(.overloaded):
                var answer = Answer(problem: .overloaded, headers: [("Retry-After", "1"), ("Cache-Control", "no-store")])
                answer.cache = source
                reply(answer)
            case .failure(.failed(let reason)):
                var answer = Answer(problem: .renderFailed(reason))
                answer.cache = source
                reply(answer)
            case .failure(.refused(let error)):
                self.respondToRefusedQuery(error, request: request, reply: reply)
            }
        }
    }

    /// Runs the render on a worker and delivers its outcome, or delivers `.overloaded` at once when
    /// the queue is full.
    private func startRender(_ spec: RenderSpec, deliver: @escaping RenderCache.Delivery) {
        let accepted = renderQueue.submit { [self] in
            do {
                let entry = try render(spec)
                metrics.recordRender(entry)
                deliver(.success(entry))
            } catch let error as SpecError {
                deliver(.failure(.refused(error)))
            } catch {
                metrics.recordRenderFailure()
                deliver(.failure(.failed(String(describing: error))))
            }
        }
        if !accepted {
            deliver(.failure(.overloaded))
        }
    }

    /// `400`: problem JSON, or — for a client that ranks images above everything else, such as a
    /// browser's `<img>` — a PNG that states the problem. The PNG is drawn on a worker; when the
    /// workers are saturated or it cannot be drawn, the JSON goes instead, so the status stays right.
    private func respondToRefusedQuery(_ error: SpecError, request: HTTPRequest, reply: @escaping Reply) {
        let problem = ProblemDetails(error)
        let maxAge = configuration.errorMaxAge
        let caching = [("Vary", "Accept"), ("Cache-Control", maxAge > 0 ? "max-age=\(maxAge)" : "no-store")]
        let json = Answer(problem: problem, headers: caching)
        guard AcceptHeader(request.header("Accept")).prefersImageToJSON else { return reply(json) }
        let accepted = renderQueue.submit { [problemImage] in
            guard let png = try? problemImage.png(for: problem) else { return reply(json) }
            reply(Answer(HTTPResponse(status: 400, headers: [("Content-Type", "image/png")] + caching, body: png)))
        }
        if !accepted {
            reply(json)
        }
    }
}
