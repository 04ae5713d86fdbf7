import Synchronization

/// What one event loop could close to make room, published for the accepting loop, which picks the
/// loop to make room on without touching other loops' connections. Updated by the owning loop when
/// a connection changes standing; times are monotonic nanoseconds, `.max` when there is none.
final class EvictionCandidates: Sendable {
    /// Since when the longest idle connection (between keep-alive requests, or new and silent) has
    /// been idle.
    let oldestIdleSince = Atomic<UInt64>(.max)
    /// Since when the oldest connection with part of a request (its head, or its body) received has
    /// been sending it.
    let oldestIncompleteHeadSince = Atomic<UInt64>(.max)

    /// Publishes the loop's queues as they are now.
    func publish<Transport>(idle: EvictionQueue<Transport>, incompleteHeads: EvictionQueue<Transport>) {
        oldestIdleSince.store(idle.first?.standingSince ?? .max, ordering: .relaxed)
        oldestIncompleteHeadSince.store(incompleteHeads.first?.standingSince ?? .max, ordering: .relaxed)
    }
}
