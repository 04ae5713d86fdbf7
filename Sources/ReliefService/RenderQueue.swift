import Dispatch
import Synchronization

/// Runs renders on Dispatch's global threads, at most `maxConcurrent` at once, with a bounded line
/// of `maxQueued` jobs waiting; beyond that a job is refused at once, so overload turns into quick
/// `503` answers instead of a queue that grows without end.
///
/// `submit` never blocks: it is called from the server's event loop.
public final class RenderQueue: Sendable {
    /// A unit of work: it runs on a worker thread and returns what to do with its outcome, which
    /// runs once the worker is counted free, so that gauges read after an answer never count the
    /// work that made it.
    public typealias Job = @Sendable () -> Completion
    /// What a job leaves to do after its work, such as answering the client.
    public typealias Completion = @Sendable () -> Void

    /// The counters `/metrics` reports.
    public struct Statistics: Sendable, Hashable {
        /// Jobs running now.
        public var running: Int
        /// Jobs waiting for a worker.
        public var queued: Int
        /// Jobs refused because the line was full, since start.
        public var rejected: Int
    }

    private struct State {
        var running = 0
        var waiting: [Job] = []
        var rejected = 0
    }

    /// Most jobs running at once (at least 1).
    public let maxConcurrent: Int
    /// Most jobs waiting for a worker (at least 0).
    public let maxQueued: Int
    private let state = Mutex(State())

    public init(maxConcurrent: Int, maxQueued: Int) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.maxQueued = max(0, maxQueued)
    }

    /// Starts `job` on a worker, or puts it in line; returns false, without running it, when every
    /// worker is busy and the line is full.
    public func submit(_ job: @escaping Job) -> Bool {
        enum Decision { case start, wait, refuse }
        let decision = state.withLock { state -> Decision in
            if state.running < maxConcurrent {
                state.running += 1
                return .start
            }
            if state.waiting.count < maxQueued {
                state.waiting.append(job)
                return .wait
            }
            state.rejected += 1
            return .refuse
        }
        switch decision {
        case .start:
            DispatchQueue.global(qos: .userInitiated).async { self.work(startingWith: job) }
            return true
        case .wait:
            return true
        case .refuse:
            return false
        }
    }

    /// The counters now.
    public var statistics: Statistics {
        state.withLock { Statistics(running: $0.running, queued: $0.waiting.count, rejected: $0.rejected) }
    }

    /// Runs `job`, then whatever waits in line, on this worker thread until the line is empty.
    private func work(startingWith job: @escaping Job) {
        var next: Job? = job
        while let current = next {
            let completion = current()
            next = state.withLock { state -> Job? in
                if state.waiting.isEmpty {
                    state.running -= 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
            completion()
        }
    }
}
