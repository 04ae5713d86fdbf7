import ReliefHTTPServer
import ReliefLock

/// Rendered PNGs by canonical query: in memory, bounded in bytes, least recently used out first,
/// and single-flight — while one render of a key runs, every other request for that key waits for
/// it instead of starting another, and the render is dropped only when every one of them has gone.
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
        /// Entries replaced by a smaller encoding of themselves (``RenderCache/replace(_:with:)``).
        public var shrunk: Int
        /// Estimated bytes held: PNG sizes plus ``RenderCache/entryOverhead`` and the key per entry.
        public var bytes: Int
        /// Entries held.
        public var entries: Int
        /// The budget ``bytes`` stays within.
        public var capacityBytes: Int
    }

    /// Receives the answer to one fetch.
    public typealias Completion = @Sendable (Result<Entry, RenderFailure>, Source) -> Void

    /// Bytes counted for each entry beyond its PNG and key: the list slot, the dictionary slot, the
    /// array headers and what the allocator loses around many small blocks. 1 KiB is measured:
    /// with 256, 100,000 distinct small renders left the process 40–50 MiB above a 64 MiB budget.
    public static let entryOverhead = 1024

    /// One fetch waiting for a render: how to answer it, and whether its client is still there.
    private struct Waiter {
        var completion: Completion
        var cancellation: RequestCancellation?

        var isWanted: Bool { !(cancellation?.isCancelled ?? false) }
    }

    /// The render in flight for a key.
    private struct Pending {
        var flight: ObjectIdentifier
        var waiters: [Waiter]
    }

    private struct State {
        var entries: LeastRecentlyUsed<Entry>
        var pendingByKey: [String: Pending] = [:]
        var hits = 0
        var misses = 0
        var evictions = 0
        var shrunk = 0
    }

    private let state: Locked<State>

    /// A cache holding at most `capacityBytes` (0 stores nothing but still merges concurrent renders).
    public init(capacityBytes: Int) {
        state = Locked(State(entries: LeastRecentlyUsed(capacity: capacityBytes)))
    }

    /// Answers `completion` with the entry for `key`: at once when it is stored; otherwise after a
    /// render. When no render of `key` is running, `produce` is called (on this thread, before
    /// `fetch` returns) with a new ``Flight`` to start one, which it must deliver exactly once; when
    /// one is running, `produce` is not called and `completion` waits for that render.
    ///
    /// `cancellation` says whether this fetch's client is still there: a render all of whose
    /// waiters are cancelled can be withdrawn (``Flight/withdrawIfUnwanted()``).
    ///
    /// A successful render is stored unless it alone exceeds the budget; a failure is passed to every
    /// waiter and not stored, so the next fetch tries again.
    public func fetch(
        _ key: String,
        cancellation: RequestCancellation? = nil,
        produce: (_ flight: Flight) -> Void,
        completion: @escaping Completion
    ) {
        enum Step: Sendable {
            case hit(Entry)
            case wait
            case render(Flight)
        }
        let waiter = Waiter(completion: completion, cancellation: cancellation)
        let step = state.withLock { state -> Step in
            if let entry = state.entries.value(for: key) {
                state.hits += 1
                return .hit(entry)
            }
            state.misses += 1
            if state.pendingByKey[key] != nil {
                state.pendingByKey[key]?.waiters.append(waiter)
                return .wait
            }
            let flight = Flight(key: key, cache: self)
            state.pendingByKey[key] = Pending(flight: ObjectIdentifier(flight), waiters: [waiter])
            return .render(flight)
        }
        switch step {
        case .hit(let entry): completion(.success(entry), .hit)
        case .wait: break
        case .render(let flight): produce(flight)
        }
    }

    /// The entry stored under `key`, counted as a hit and made the most recently used; nil, and not
    /// counted, when there is none: then ``fetch(_:cancellation:produce:completion:)`` makes it or
    /// waits for it (and counts a hit should it be stored meanwhile).
    public func storedEntry(for key: String) -> Entry? {
        state.withLock { state in
            guard let entry = state.entries.value(for: key) else { return nil }
            state.hits += 1
            return entry
        }
    }

    /// Puts `entry` in the place of the one stored under `key` when that one can shrink
    /// (``Entry/canShrink``): a smaller encoding of the same file, now the most recently used.
    /// Nothing happens when the key was evicted or already holds its smallest encoding. Returns
    /// whether it replaced an entry.
    @discardableResult
    public func replace(_ key: String, with entry: Entry) -> Bool {
        state.withLock { state in
            guard state.entries.peek(key)?.canShrink == true else { return false }
            state.evictions += state.entries.insert(entry, for: key, cost: Self.cost(of: entry, key: key)).evicted
            state.shrunk += 1
            return true
        }
    }

    /// The counters now.
    public var statistics: Statistics {
        state.withLock { state in
            Statistics(
                hits: state.hits, misses: state.misses, evictions: state.evictions, shrunk: state.shrunk,
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

    /// The waiters of `flight` when it is still the render in flight for its key, taken away, and
    /// `result` stored when it is an image.
    fileprivate func finish(_ flight: Flight, with result: Result<Entry, RenderFailure>) -> [Completion] {
        state.withLock { state in
            guard let pending = state.pendingByKey[flight.key], pending.flight == ObjectIdentifier(flight) else { return [] }
            if case .success(let entry) = result {
                state.evictions +=
                    state.entries.insert(entry, for: flight.key, cost: Self.cost(of: entry, key: flight.key)).evicted
            }
            state.pendingByKey[flight.key] = nil
            return pending.waiters.map(\.completion)
        }
    }

    /// Whether a waiter of `flight` still wants it; with `withdrawing`, a flight nobody wants is also
    /// taken away with its waiters, which are returned.
    fileprivate func waiters(of flight: Flight, withdrawingUnwanted withdrawing: Bool) -> (wanted: Bool, withdrawn: [Completion])
    {
        state.withLock { state in
            guard let pending = state.pendingByKey[flight.key], pending.flight == ObjectIdentifier(flight) else {
                return (false, [])
            }
            if pending.waiters.contains(where: \.isWanted) { return (true, []) }
            guard withdrawing else { return (false, []) }
            state.pendingByKey[flight.key] = nil
            return (false, pending.waiters.map(\.completion))
        }
    }

    /// One render of a key and the fetches waiting for it.
    public final class Flight: Sendable {
        /// The key rendered.
        public let key: String
        private let cache: RenderCache

        fileprivate init(key: String, cache: RenderCache) {
            self.key = key
            self.cache = cache
        }

        /// Answers every fetch waiting for this render, storing an image; call it once. A flight
        /// already withdrawn answers no one.
        public func deliver(_ result: Result<Entry, RenderFailure>) {
            for waiter in cache.finish(self, with: result) {
                waiter(result, .miss)
            }
        }

        /// Whether a fetch waiting for this render still has its client; no side effects.
        public var isWanted: Bool {
            cache.waiters(of: self, withdrawingUnwanted: false).wanted
        }

        /// When every fetch waiting for this render has lost its client, withdraws the render:
        /// they are answered ``RenderFailure/cancelled`` now, the next fetch of the key starts a
        /// new render, and a later ``deliver(_:)`` answers no one. Returns whether it withdrew.
        public func withdrawIfUnwanted() -> Bool {
            let (wanted, withdrawn) = cache.waiters(of: self, withdrawingUnwanted: true)
            for waiter in withdrawn {
                waiter(.failure(.cancelled), .miss)
            }
            return !wanted
        }
    }
}
