import ReliefLock
import Synchronization

/// Responses counted by route and status, one atomic counter per pair: every response is counted on
/// its event loop, which takes no lock for it nor hashes a key.
///
/// Statuses 200–599, the only ones the server sends (it replaces any other by a `500`), each have a
/// counter per route; any other status is counted under a lock, so that no count is ever lost.
final class ResponseCounts: Sendable {
    /// A route, by its index in ``ReliefApplication/routes`` (nil for a response to a request line
    /// the server could not read), and a status.
    struct Key: Hashable, Sendable {
        var route: Int?
        var status: Int
    }

    private static let statuses = 200...599
    private static var routeSlots: Int { ReliefApplication.routes.count + 1 }

    // Allocated once, never moved nor freed before the counts are, and reached only through the
    // atomics: shared between threads without a lock.
    nonisolated(unsafe) private let counters: UnsafeMutablePointer<Atomic<Int>>
    private let others = Locked<[Key: Int]>([:])

    init() {
        let count = Self.routeSlots * Self.statuses.count
        counters = .allocate(capacity: count)
        for index in 0..<count { (counters + index).initialize(to: Atomic(0)) }
    }

    deinit {
        counters.deinitialize(count: Self.routeSlots * Self.statuses.count)
        counters.deallocate()
    }

    /// Counts one response.
    func add(_ key: Key) {
        guard Self.statuses.contains(key.status) else {
            others.withLock { $0[key, default: 0] += 1 }
            return
        }
        counters[slot(key)].add(1, ordering: .relaxed)
    }

    /// Every pair counted at least once, with its count.
    var nonZero: [(key: Key, count: Int)] {
        var counts = others.withLock { Array($0) }.map { (key: $0.key, count: $0.value) }
        for routeSlot in 0..<Self.routeSlots {
            for status in Self.statuses {
                let key = Key(route: routeSlot == Self.routeSlots - 1 ? nil : routeSlot, status: status)
                let count = counters[slot(key)].load(ordering: .relaxed)
                if count > 0 { counts.append((key, count)) }
            }
        }
        return counts
    }

    private func slot(_ key: Key) -> Int {
        (key.route ?? Self.routeSlots - 1) * Self.statuses.count + (key.status - Self.statuses.lowerBound)
    }
}
