/// One HTTP/1.x request: its head, and its body when it has one.
///
/// The method is any token, in the case sent (`get` is not `GET`): the handler decides what it
/// allows. Header values have their surrounding spaces and tabs trimmed.
public struct HTTPRequest: Sendable {
    /// The method as sent, e.g. "GET".
    public var method: String
    /// The request target as sent, e.g. "/render?style=dark".
    public var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int
    /// Header fields in order, names as sent (compare case-insensitively with ``header(_:)``).
    public var headers: [(name: String, value: String)]
    /// The body, read whole before the request is handed over: the bytes its `Content-Length` announced
    /// (at most ``HTTPServer/Configuration/maxRequestBodyBytes``), whatever the method; empty without
    /// one. The handler decides what a body means: a `GET`'s has no defined meaning (RFC 9110 §9.3.1).
    public var body: [UInt8]
    /// Set by the server once the client can no longer take the answer (see ``RequestCancellation``).
    public var cancellation: RequestCancellation

    /// A request as the parser delivers it (tests and handlers build them too).
    public init(
        method: String, target: String, minorVersion: Int, headers: [(name: String, value: String)],
        body: [UInt8] = [], cancellation: RequestCancellation = RequestCancellation()
    ) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.body = body
        self.cancellation = cancellation
    }

    /// The target's path, before any `?`.
    public var path: Substring {
        RequestTarget.pathAndQuery(of: target).path
    }

    /// The raw query string after `?`, without it ("" when absent).
    public var query: Substring {
        RequestTarget.pathAndQuery(of: target).query ?? ""
    }

    /// The first value of the header `name`, compared case-insensitively (ASCII letters).
    public func header(_ name: String) -> String? {
        headers.first { ASCII.equalsIgnoringCase($0.name.utf8, name.utf8) }?.value
    }
}
