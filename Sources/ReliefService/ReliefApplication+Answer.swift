import ReliefHTTPServer
extension ReliefApplication {
    /// A response and how the render cache took part, before the headers every response gets.
    struct Answer: Sendable {
        var response: HTTPResponse
        /// `nil` when the cache was not asked.
        var cache: RenderCache.Source?

        init(_ response: HTTPResponse, cache: RenderCache.Source? = nil) {
            self.response = response
            self.cache = cache
        }

        /// `problem` as `application/problem+json`, not to be stored by caches.
        init(problem: ProblemDetails, headers: [(name: String, value: String)] = [("Cache-Control", "no-store")]) {
            self.init(HTTPResponse(status: problem.status,
                                   headers: [("Content-Type", ProblemDetails.mediaType)] + headers,
                                   body: problem.jsonBody))
        }

        /// `200` with `body`, or `304` without it when `If-None-Match` names `tag`.
        init(_ request: HTTPRequest, body: [UInt8], contentType: String, tag: EntityTag, cacheControl: String) {
            let headers = [("ETag", tag.headerValue), ("Cache-Control", cacheControl)]
            if let field = request.header("If-None-Match"), tag.isMatched(byIfNoneMatch: field) {
                self.init(HTTPResponse(status: 304, headers: headers))
            } else {
                self.init(HTTPResponse(status: 200, headers: [("Content-Type", contentType)] + headers, body: body))
            }
        }
    }

    /// Takes an answer to its client (adds the common headers, counts and logs it).
    typealias Reply = @Sendable (Answer) -> Void
}
