import ReliefHTTPServer

extension ReliefApplication {
    /// Takes an answer to its client; the application adds the headers every response gets.
    typealias Reply = @Sendable (HTTPResponse) -> Void

    /// `problem` as `application/problem+json`, not to be stored by caches unless `headers` say otherwise.
    static func problem(_ problem: ProblemDetails,
                        headers: [(name: String, value: String)] = [("Cache-Control", "no-store")]) -> HTTPResponse {
        HTTPResponse(status: problem.status, headers: [("Content-Type", ProblemDetails.mediaType)] + headers,
                     body: problem.jsonBody)
    }

    /// `304 Not Modified` with `headers` when the request's `If-None-Match` names `tag`: the one
    /// place that decides a 304, for images, audits, files and the OpenAPI document alike.
    static func notModified(_ request: HTTPRequest, tag: EntityTag,
                            headers: [(name: String, value: String)]) -> HTTPResponse? {
        guard let field = request.header("If-None-Match"), tag.isMatched(byIfNoneMatch: field) else { return nil }
        return HTTPResponse(status: 304, headers: headers)
    }

    /// `200` with `body`, or `304` without it when the client already holds `tag`.
    static func content(_ request: HTTPRequest, body: [UInt8], contentType: String, tag: EntityTag,
                        cacheControl: String) -> HTTPResponse {
        let headers = [("ETag", tag.headerValue), ("Cache-Control", cacheControl)]
        return notModified(request, tag: tag, headers: headers)
            ?? HTTPResponse(status: 200, headers: [("Content-Type", contentType)] + headers, body: body)
    }
}
