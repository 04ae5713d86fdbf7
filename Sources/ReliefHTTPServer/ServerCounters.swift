import Synchronization

/// Counters the event loops update and the application reads (for `/metrics`).
final class ServerCounters: Sendable {
    /// Connections accepted and not yet closed.
    let openConnections = Atomic<Int>(0)
    /// Connections closed at once because ``HTTPServer/Configuration/maxConnections`` were open.
    let refusedConnections = Atomic<Int>(0)
}
