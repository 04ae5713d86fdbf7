import ReliefRender
import ReliefSpec

/// An error answer in the shape of RFC 9457 (`application/problem+json`), with Relief's extra
/// members for a refused query: the `parameter` at fault, what it `allowed`, the name an unknown one
/// most likely meant (`suggestion`), and the `line` and `column` of a problem in a layout.
public struct ProblemDetails: Sendable, Hashable {
    /// A URI naming the kind of problem; `about:blank` when the status says it all.
    public var type: String
    /// A short summary that does not change from one occurrence to the next.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// What went wrong this time, in one sentence.
    public var detail: String
    /// The query parameter at fault, for a refused `/render` query.
    public var parameter: String?
    /// What that parameter accepts.
    public var allowed: String?
    /// For an unknown parameter, element, argument or modifier, the known name it most likely meant
    /// (``NameSuggestion``), as `detail` ends with it.
    public var suggestion: String?
    /// Where in a screen's layout the problem is: 1-based line and column (Unicode scalars).
    public var line: Int?
    public var column: Int?

    public init(
        type: String, title: String, status: Int, detail: String,
        parameter: String? = nil, allowed: String? = nil, suggestion: String? = nil, line: Int? = nil, column: Int? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.parameter = parameter
        self.allowed = allowed
        self.suggestion = suggestion
        self.line = line
        self.column = column
    }

    /// The media type of ``jsonBody``.
    public static let mediaType = "application/problem+json"

    /// The document as compact UTF-8 JSON, members in RFC order.
    public var jsonBody: [UInt8] {
        JSONValue.object([
            "type": .string(type),
            "title": .string(title),
            "status": .integer(status),
            "detail": .string(detail),
            "parameter": parameter.map(JSONValue.string),
            "allowed": allowed.map(JSONValue.string),
            "suggestion": suggestion.map(JSONValue.string),
            "line": line.map(JSONValue.integer),
            "column": column.map(JSONValue.integer),
        ]).serialized()
    }
}

extension ProblemDetails {
    /// `400`: the `/render` query was refused by the parser.
    public init(_ error: SpecError) {
        self.init(
            type: "urn:relief:problem:invalid-query", title: "Invalid render query", status: 400,
            detail: error.detail, parameter: error.parameter, allowed: error.allowed, suggestion: error.suggestion)
    }

    /// `404`: nothing is served at `path`.
    static func notFound(_ path: Substring) -> ProblemDetails {
        ProblemDetails(
            type: "about:blank", title: "Not Found", status: 404,
            detail: "nothing is served at \(MessageText.quoted(String(path))); see /openapi.json for the routes")
    }

    /// `405`: the path is served with the `allowed` methods only (at least one).
    static func methodNotAllowed(_ method: String, allowed: [String]) -> ProblemDetails {
        let choices = allowed.dropLast().joined(separator: ", ") + (allowed.count > 1 ? " or " : "") + (allowed.last ?? "")
        return ProblemDetails(
            type: "about:blank", title: "Method Not Allowed", status: 405,
            detail: "the method \(MessageText.quoted(method)) is not served here; use \(choices)")
    }

    /// `503`: the render would wait longer than the service allows.
    static func overloaded(retryAfter: Int) -> ProblemDetails {
        ProblemDetails(
            type: "urn:relief:problem:overloaded", title: "Too many renders at once", status: 503,
            detail: "the render would wait longer than this server allows; retry in \(retryAfter) s")
    }

    /// `503`: the render was dropped because its client closed the connection (or its sending side)
    /// before it was drawn; only a client that half-closed is still there to read this.
    static let cancelled = ProblemDetails(
        type: "urn:relief:problem:cancelled", title: "Request cancelled", status: 503,
        detail: "the connection was closed before the image was drawn, so it was not drawn"
    )

    /// `503` from `/healthz` while the service drains before shutting down.
    static let draining = ProblemDetails(
        type: "urn:relief:problem:draining", title: "Draining", status: 503,
        detail:
            "the server is shutting down: it finishes what it was asked and takes new requests for a few seconds more; send them elsewhere"
    )

    /// `503` from a proxy in front of the replicas when none of them could answer: written once by
    /// `relief problem-files` and served by the proxy, so clients never see the proxy's own error page.
    public static let unavailable = ProblemDetails(
        type: "urn:relief:problem:unavailable", title: "Service unavailable", status: 503,
        detail: "no Relief server could answer this request just now; retry in a few seconds"
    )

    /// The problem drawn as a PNG, as an `<img>` gets it.
    public func pngBody() throws -> [UInt8] {
        try ProblemImage().draw(self)
    }

    /// `403`: a `/render` or `/audit` URL whose signature is missing, misplaced or wrong, when
    /// signed URLs are required. Nothing of the request is quoted back.
    static func signatureRefused(_ refusal: ServiceMetrics.SignatureRefusal) -> ProblemDetails {
        let howToSign =
            "end the query with &sig=, the base64url (no padding) HMAC-SHA256 of the path, \"?\" and the "
            + "query before &sig=, under a key of the server's key file (relief sign makes such URLs)"
        return switch refusal {
        case .missing:
            ProblemDetails(
                type: "urn:relief:problem:signature-required", title: "Signature required", status: 403,
                detail: "this server answers only signed /render and /audit URLs: " + howToSign,
                parameter: URLSigner.parameterName)
        case .misplaced:
            ProblemDetails(
                type: "urn:relief:problem:signature-required", title: "Signature required", status: 403,
                detail: "sig must be given once, as the last parameter: " + howToSign,
                parameter: URLSigner.parameterName)
        case .invalid:
            ProblemDetails(
                type: "urn:relief:problem:signature-invalid", title: "Invalid signature", status: 403,
                detail: "sig does not match this path and query under any current key: the URL was changed "
                    + "after signing, or signed with a retired key",
                parameter: URLSigner.parameterName)
        }
    }

    /// `500`: the pipeline failed on a valid query.
    static func renderFailed(_ reason: String) -> ProblemDetails {
        ProblemDetails(
            type: "urn:relief:problem:render-failed", title: "Render failed", status: 500,
            detail: reason)
    }
}
