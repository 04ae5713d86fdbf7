import ReliefHTTPServer

/// The validators and headers of the answers a cached file gets: one set for its final bytes,
/// `immutable` for a year under the tag the query names (``EntityTag/forRender(canonicalQuery:rendererVersion:)``),
/// and one for a provisional encoding (a PNG encoded fast, ``RenderCache/Entry/canShrink``), kept
/// by caches for a short time under its own tag (``EntityTag/fastEncoding``), so that a cache
/// revalidating it is answered with the smaller bytes once they are made (SPEC §12).
struct CachedFileHeaders: Sendable {
    /// `Cache-Control` of final bytes: their URL names them, so they never change.
    static let finalCacheControl = "public, max-age=31536000, immutable"

    /// The tag of the final bytes.
    let tag: EntityTag
    /// What describes the file whichever bytes are sent: its type and more (`Content-Disposition`).
    let representation: HTTPHeaders
    /// The headers of the final bytes' `200`: ``representation``, ``tag`` and that they never change;
    /// made, checked and written out once per query rather than once per answer.
    let final: HTTPHeaders

    /// The headers of a file of `contentType` tagged `tag`, with `more` describing it.
    init(contentType: String, tag: EntityTag, more: [HTTPHeaders.Field] = []) {
        self.tag = tag
        representation = HTTPHeaders([("Content-Type", contentType)] + more)
        final = representation + Self.validators(tag: tag, cacheControl: Self.finalCacheControl)
    }

    /// The tag and `Cache-Control` of an answer, which a `304` repeats from its `200` (RFC 9110 §15.4.5).
    static func validators(tag: EntityTag, cacheControl: String) -> HTTPHeaders {
        [("ETag", tag.headerValue), ("Cache-Control", cacheControl)]
    }

    /// `Cache-Control` of provisional bytes: kept `maxAge` seconds, then revalidated.
    static func provisionalCacheControl(maxAge: Int) -> String {
        "public, max-age=\(maxAge)"
    }
}
