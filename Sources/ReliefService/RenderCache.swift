import Synchronization

/// Rendered PNGs by canonical query: in memory, bounded in bytes, least recently used out first,
/// and single-flight — while one render of a key runs, every other request for that key waits for
/// it instead of starting another.
///
/// Thread-safe. Lookups that hit answer on the caller's thread at once; waiters are closures kept
/// with the render in flight and called on the thread that delivers it.
public final class RenderCache: Sendable {
    /// How a fetch was answered.
    public enum Source: String, Sendable {
        /// From a stored entry, without rendering.
        case hit
        /// By a render: one this fetch started, or one already running that it joined.
        case miss
    }

    /// The counters and gauges `/metrics` reports.
    public struct Statistics: Sendable, Hashable {
        /// Fetches answered from a stored entry.
        public var hits: Int
        /// Fetches that found no stored entry (each started or joined a render).
        public var misses: Int
        /// Entries dropped to make room for newer ones.
        public var evictions: Int
        /// Estimated bytes held: PNG sizes plus ``RenderCache/entryOverhead`` and the key per entry.
        public var bytes: Int
        /// Entries held.
        public var entries: Int
        /// The budget ``bytes`` stays within.
        public var capacityBytes: Int
    }

    /// Receives the outcome of a render; call it exactly once, from any thread.
    public typealias Delivery = @Sendable (Result<Entry, RenderFailure>) -> Void
    /// Receives the answer to one fetch.
    public typealias Completion = @Sendable (Result<Entry, RenderFailure>, Source) -> Void

    /// Bytes counted for each entry beyond its PNG and key: the list slot, the dictionary slot, the
    /// array headers and what the allocator loses around many small blocks. 1 KiB is measured:
    /// with 256, 100,000 distinct small renders left the process 40–50 MiB above a 64 MiB budget.
    public static let entryOverhead = 1024

    private struct State {
        var entries: LeastRecentlyUsed<Entry>
        var waitersByKey: [String: [Completion]] = [:]
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    private let state: Mutex<State>

    /// A cache holding at most `capacityBytes` (0 stores nothing but still merges concurrent renders).
    public init(capacityBytes: Int) {
        state = Mutex(State(entries: LeastRecentlyUsed(capacity: capacityBytes)))
    }

    /// Answers `completion` with the entry for `key`: at once when it is stored; otherwise after a
    /// render. When no render of `key` is running, `produce` is called (on this thread, before
    /// `fetch` returns) to start one and must call its `Delivery` exactly once; when one is running,
    /// `produce` is not called and `completion` waits for that render.
    ///
    /// A successful render is stored unless it alone exceeds the budget; a failure is passed to every
    /// waiter and not stored, so the next fetch tries again.
    public func fetch(
        _ key: String,
        produce: (_ deliver: @escaping Delivery) -> Void,
        completion: @escaping Completion
    ) {
        enum Step: Sendable {
            case hit(Entry)
            case wait
            case render
        }
        let step = state.withLock { state -> Step in
            if let entry = state.entries.value(for: key) {
                state.hits += 1
                return .hit(entry)
            }
            state.misses += 1
            if state.waitersByKey[key] != nil {
                state.waitersByKey[key]?.append(completion)
                return .wait
            }
            state.waitersByKey[key] = [completion]
            return .render
        }
        switch step {
        case .hit(let entry): completion(.success(entry), .hit)
        case .wait: break
        case .render: produce { result in self.deliver(result, for: key) }
        }
    }

    /// The counters now.
    public var statistics: Statistics {
        state.withLock { state in
            Statistics(hits: state.hits, misses: state.misses, evictions: state.evictions,
                       bytes: state.entries.totalCost, entries: state.entries.count,
                       capacityBytes: state.entries.capacity)
        }
    }

    /// The stored keys from the most to the least recently used.
    public var keysByRecency: [String] {
        state.withLock { $0.entries.keysByRecency }
    }

    /// What an entry counts against the budget.
    public static func cost(of entry: Entry, key: String) -> Int {
        entry.bytes.count + key.utf8.count + entryOverhead
    }

    private func deliver(_ result: Result<Entry, RenderFailure>, for key: String) {
        let waiters = state.withLock { state in
            if case .success(let entry) = result {
                state.evictions += state.entries.insert(entry, for: key, cost: Self.cost(of: entry, key: key)).evicted
            }
            return state.waitersByKey.removeValue(forKey: key) ?? []
        }
        for waiter in waiters {
            waiter(result, .miss)
        }
    }
}
