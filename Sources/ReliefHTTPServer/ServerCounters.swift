import Synchronization

/// Counters the event loops update and the application reads (for `/metrics`).
package final class ServerCounters: Sendable {
    /// Connections accepted and not yet closed.
    package let openConnections = Atomic<Int>(0)
    /// Connections closed on arrival: over capacity with nothing to evict, or over the per-address limit.
    let refusedConnections = Atomic<Int>(0)
    /// Idle or incomplete connections closed to make room for new ones.
    let evictedConnections = Atomic<Int>(0)

    package init() {}
}
