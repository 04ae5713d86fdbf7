import ReliefHTTPServer

/// The validators and headers of the answers a cached file gets: one set for its final bytes,
/// `immutable` for a year under the tag the query names (``EntityTag/forRender(canonicalQuery:rendererVersion:)``),
/// and one for a provisional encoding (a PNG encoded fast, ``RenderCache/Entry/canShrink``), kept
/// by caches for a short time under its own tag (``EntityTag/fastEncoding``), so that a cache
/// revalidating it is answered with the smaller bytes once they are made (SPEC §12).
///
/// A class: every answer hands its many fields on as one reference.
final class CachedFileHeaders: Sendable {
    /// `Cache-Control` of final bytes: their URL names them, so they never change.
    static let finalCacheControl = "public, max-age=31536000, immutable"

    /// The tag of the final bytes.
    let tag: EntityTag
    /// What describes the file whichever bytes are sent: its type and more (`Content-Disposition`).
    let representation: HTTPHeaders
    /// The headers of the final bytes' `200`: ``representation``, ``tag`` and that they never change;
    /// made, checked and written out once per query rather than once per answer.
    let final: HTTPHeaders
    /// The tag of the provisional bytes (``EntityTag/fastEncoding``).
    let provisionalTag: EntityTag
    /// `Cache-Control` of the provisional bytes (``provisionalCacheControl(maxAge:)``).
    let provisionalCacheControl: String
    /// The headers of the provisional bytes' `200`, made once like ``final``: ``representation``,
    /// ``provisionalTag`` and ``provisionalCacheControl``.
    let provisional: HTTPHeaders
    /// Whether the request's `Accept` chose the format (`format=auto`): every answer, `304`s
    /// included, then says `Vary: Accept`.
    let variesByAccept: Bool

    /// The headers of a file of `contentType` tagged `tag`, with `more` describing it; `variesByAccept`
    /// when `Accept` chose its type. Provisional bytes are kept `provisionalMaxAge` seconds.
    init(
        contentType: String, tag: EntityTag, more: [HTTPHeaders.Field] = [], variesByAccept: Bool = false,
        provisionalMaxAge: Int
    ) {
        self.tag = tag
        self.variesByAccept = variesByAccept
        representation = HTTPHeaders([("Content-Type", contentType)] + more + (variesByAccept ? [Self.vary] : []))
        final = representation + Self.validators(tag: tag, cacheControl: Self.finalCacheControl)
        provisionalTag = tag.fastEncoding
        provisionalCacheControl = Self.provisionalCacheControl(maxAge: provisionalMaxAge)
        provisional = representation + Self.validators(tag: provisionalTag, cacheControl: provisionalCacheControl)
    }

    /// The field of an answer whose type `Accept` chose.
    static let vary: HTTPHeaders.Field = ("Vary", "Accept")

    /// The tag and `Cache-Control` of an answer, which a `304` repeats from its `200` (RFC 9110 §15.4.5).
    static func validators(tag: EntityTag, cacheControl: String) -> HTTPHeaders {
        [("ETag", tag.headerValue), ("Cache-Control", cacheControl)]
    }

    /// `notModified` with `Vary: Accept` where `Accept` chose the type, as its `200` has it (RFC 9110 §15.4.5).
    func varying(_ notModified: HTTPResponse) -> HTTPResponse {
        guard variesByAccept else { return notModified }
        var response = notModified
        response.headers.append(Self.vary)
        return response
    }

    /// `Cache-Control` of provisional bytes: kept `maxAge` seconds, then revalidated.
    static func provisionalCacheControl(maxAge: Int) -> String {
        "public, max-age=\(maxAge)"
    }
}
