import ReliefHTTPServer

extension ReliefApplication {
    /// Takes an answer to its client; the application adds the headers every response gets.
    typealias Reply = @Sendable (consuming HTTPResponse) -> Void

    /// `problem` as `application/problem+json`, not to be stored by caches unless `headers` say otherwise.
    static func problem(
        _ problem: ProblemDetails,
        headers: HTTPHeaders = [("Cache-Control", "no-store")]
    ) -> HTTPResponse {
        HTTPResponse(
            status: problem.status, headers: [("Content-Type", ProblemDetails.mediaType)] + headers,
            body: problem.jsonBody)
    }

    /// `304 Not Modified` when the request's `If-None-Match` names `tag`, with the headers a `304`
    /// repeats from its `200`: the one place that decides a 304, for images, audits, files and the
    /// OpenAPI document alike.
    static func notModified(_ request: HTTPRequest, tag: EntityTag, cacheControl: String) -> HTTPResponse? {
        guard let field = request.header("If-None-Match"), tag.isMatched(byIfNoneMatch: field) else { return nil }
        return HTTPResponse(status: 304, headers: CachedFileHeaders.validators(tag: tag, cacheControl: cacheControl))
    }

    /// `200` with `body`, or `304` without it when the client already holds `tag`.
    static func content(
        _ request: HTTPRequest, body: [UInt8], contentType: String, tag: EntityTag,
        cacheControl: String
    ) -> HTTPResponse {
        notModified(request, tag: tag, cacheControl: cacheControl)
            ?? HTTPResponse(
                status: 200,
                headers: [("Content-Type", contentType)] + CachedFileHeaders.validators(tag: tag, cacheControl: cacheControl),
                body: body)
    }
}
