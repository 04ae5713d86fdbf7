/// One parsed HTTP/1.x request head. Bodies are never read: requests that announce one are refused.
public struct HTTPRequest: Sendable {
    /// The method as sent, e.g. "GET".
    public var method: String
    /// The request target as sent, e.g. "/render?style=dark".
    public var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int
    /// Header fields in order, names as sent (compare case-insensitively with ``header(_:)``).
    public var headers: [(name: String, value: String)]

    public init(method: String, target: String, minorVersion: Int, headers: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
    }

    /// The target's path, before any `?`.
    public var path: Substring {
        target.firstIndex(of: "?").map { target[..<$0] } ?? target[...]
    }

    /// The raw query string after `?`, without it ("" when absent).
    public var query: Substring {
        target.firstIndex(of: "?").map { target[target.index(after: $0)...] } ?? ""
    }

    /// The first value of the header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
