/// What a connection keeps of a request it owes a response to: enough to encode that response
/// and to log it.
struct PendingRequest: Equatable {
    var method: String
    var target: String
    /// Whether the connection may stay open after the response (the client's wish, unless draining).
    var keepAlive: Bool
    /// `HEAD`: the response goes out without its body.
    var isHead: Bool
    var minorVersion: Int
    /// When the request was read whole (its head, and its body when it has one), in monotonic nanoseconds.
    var receivedAt: UInt64
}
