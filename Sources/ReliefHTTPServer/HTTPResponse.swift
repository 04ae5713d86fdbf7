/// One HTTP response. The server adds `Date`, `Content-Length` and `Connection` itself.
///
/// A handler's own `Date`, `Content-Length`, `Connection` and `Transfer-Encoding` headers are
/// dropped, so these always describe the bytes actually sent. A handler that wants the connection to
/// end after this response says so with ``closesConnection`` (a `Connection: close` among the headers
/// does the same); the server writes the header. `204` and `304` are sent without body
/// or `Content-Length`. A response the server cannot send safely — a status outside 200–599, a
/// header name that is not a token, a header value containing CR, LF or NUL — is replaced by a
/// `500` and reported to ``HTTPServer/Configuration/errorLog``: header injection cannot happen.
public struct HTTPResponse: Sendable {
    /// The status code, 200–599.
    public var status: Int
    /// Header fields in order. Values must not contain CR or LF; the server refuses to send them.
    public var headers: HTTPHeaders
    /// The body; for `HEAD` the server sends the headers of this body (its length) but not the bytes.
    public var body: [UInt8]
    /// A word for the access log about how the answer was made (`hit`, `miss`); never sent.
    public var logNote: String?
    /// The server closes the connection once this response is sent, and says so with
    /// `Connection: close`, whatever the client asked for.
    public var closesConnection = false

    /// A response with `status`, optional headers and an optional body.
    public init(status: Int, headers: HTTPHeaders = [], body: [UInt8] = [], logNote: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.logNote = logNote
    }
}
