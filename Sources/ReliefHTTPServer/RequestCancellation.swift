import Synchronization

/// Whether a request's client can still take its answer, for a handler to stop work nobody awaits.
///
/// The server cancels a request when its connection fails, is reset or is closed before the answer
/// has gone out whole, when the client ends its side of the connection (a FIN) while the handler
/// holds the request and nothing it sent is left unread, and when shutdown's grace period ends
/// first. A client that half-closes after its last request and still waits for the answer cannot be
/// told from one that left: its request is cancelled too. The handler must still call its completion.
public final class RequestCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// A request not cancelled yet.
    public init() {}

    /// Whether the client is gone (or has stopped listening, as far as the server can tell).
    public var isCancelled: Bool {
        cancelled.load(ordering: .acquiring)
    }

    /// Marks the request cancelled; callable from any thread, more than once.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}
