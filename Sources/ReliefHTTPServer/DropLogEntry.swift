/// What the server reports about work it let go of: a request it read but never answered whole, or
/// a connection it refused or closed to make room. Together with ``AccessLogEntry`` (every response
/// handed to the kernel) it accounts for every request and connection.
public struct DropLogEntry: Sendable {
    /// Why the work was dropped. The raw values are fit for a metrics label.
    public enum Reason: String, Sendable, CaseIterable {
        /// A request's connection failed or was reset by the client before its response was out.
        case clientGone = "client_gone"
        /// A request's response was not taken by the client within ``HTTPServer/Configuration/writeTimeout``.
        case writeTimeout = "write_timeout"
        /// A request's response was still not out when shutdown closed the connection.
        case shutdown
        /// A new connection was refused: ``HTTPServer/Configuration/maxConnections`` were open and
        /// none could be closed to make room.
        case overCapacity = "over_capacity"
        /// A new connection was refused: its address had ``HTTPServer/Configuration/maxConnectionsPerAddress`` open.
        case perAddressLimit = "per_address_limit"
        /// An idle keep-alive (or silent new) connection was closed to make room for a new one.
        case evictedIdle = "evicted_idle"
        /// A connection with only part of a request — of its head, or of the body behind it — was
        /// closed to make room for a new one.
        case evictedIncompleteHead = "evicted_incomplete_head"

        /// Whether the reason is about a request (true) or a connection (false).
        public var concernsRequest: Bool {
            switch self {
            case .clientGone, .writeTimeout, .shutdown: true
            case .overCapacity, .perAddressLimit, .evictedIdle, .evictedIncompleteHead: false
            }
        }
    }

    /// Why the work was dropped.
    public var reason: Reason
    /// The request's method as sent; empty for a connection.
    public var method: String
    /// The request's target as the handler saw it; empty for a connection.
    public var target: String
    /// The client's address, e.g. `127.0.0.1` or `::1`.
    public var remoteAddress: String
    /// For a request, from the moment it was read whole; for an evicted connection, how long it had
    /// been idle or sending its request; zero for a connection refused on arrival.
    public var duration: Duration

    /// An entry with every field given.
    public init(reason: Reason, method: String = "", target: String = "", remoteAddress: String, duration: Duration = .zero) {
        self.reason = reason
        self.method = method
        self.target = target
        self.remoteAddress = remoteAddress
        self.duration = duration
    }
}
