import Synchronization

/// What one event loop could close to make room, published for the accepting loop, which picks the
/// loop to make room on without touching other loops' connections. Updated by the owning loop when
/// a connection changes standing; times are monotonic nanoseconds, `.max` when there is none.
final class EvictionCandidates: Sendable {
    /// Idle connections: between keep-alive requests, or new and silent.
    let idleCount = Atomic<Int>(0)
    /// Since when the longest idle one has been idle.
    let oldestIdleSince = Atomic<UInt64>(.max)
    /// Connections with part of a request head received.
    let incompleteHeadCount = Atomic<Int>(0)
    /// Since when the oldest of those has been sending its head.
    let oldestIncompleteHeadSince = Atomic<UInt64>(.max)

    /// Publishes the loop's queues as they are now.
    func publish<Transport>(idle: EvictionQueue<Transport>, incompleteHeads: EvictionQueue<Transport>) {
        idleCount.store(idle.count, ordering: .relaxed)
        oldestIdleSince.store(idle.first?.standingSince ?? .max, ordering: .relaxed)
        incompleteHeadCount.store(incompleteHeads.count, ordering: .relaxed)
        oldestIncompleteHeadSince.store(incompleteHeads.first?.standingSince ?? .max, ordering: .relaxed)
    }
}
