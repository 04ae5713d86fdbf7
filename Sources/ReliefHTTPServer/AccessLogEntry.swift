/// What the server reports about one response, for the application to format into its access log:
/// every response whose last byte was handed to the kernel, the handler's and the server's own.
public struct AccessLogEntry: Sendable {
    /// The request's method as sent; empty when the request line could not be read.
    public var method: String
    /// The request target as the handler saw it (origin form, dot segments removed); empty when the
    /// request line could not be read.
    public var target: String
    /// The status sent.
    public var status: Int
    /// Body bytes sent: the body's length, or 0 for `HEAD` and bodiless statuses.
    public var bodyBytes: Int
    /// From the moment the request was read whole (its head, and its body when it has one) to the
    /// moment the response's last byte was handed to the kernel.
    public var duration: Duration
    /// The client's address, e.g. `127.0.0.1` or `::1`.
    public var remoteAddress: String
    /// The response's ``HTTPResponse/logNote``; `nil` for the server's own answers.
    public var note: String?

    /// An entry with every field given.
    public init(
        method: String, target: String, status: Int, bodyBytes: Int, duration: Duration, remoteAddress: String,
        note: String? = nil
    ) {
        self.method = method
        self.target = target
        self.status = status
        self.bodyBytes = bodyBytes
        self.duration = duration
        self.remoteAddress = remoteAddress
        self.note = note
    }

    /// The target's path, before any `?`.
    public var path: Substring {
        RequestTarget.pathAndQuery(of: target).path
    }
}
