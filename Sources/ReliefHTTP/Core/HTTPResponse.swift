/// One HTTP response. The server adds `Date`, `Content-Length` and `Connection` itself.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields in order. Values must not contain CR or LF; the server refuses to send them.
    public var headers: [(name: String, value: String)]
    /// The body; for `HEAD` the server sends the headers of this body (its length) but not the bytes.
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
