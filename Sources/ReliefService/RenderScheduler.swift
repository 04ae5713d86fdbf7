import Dispatch
import ReliefLock
import Synchronization

/// Runs renders so that no client can stall the others: small renders never wait behind large ones,
/// the renders running at once fit a memory budget, and a render is refused only when it would wait
/// too long — never because many are waiting.
///
/// - **Two lanes.** A render whose estimated work is at most ``Configuration/smallWork`` pixels is
///   small; small and large renders each have ``Configuration/workers`` workers of their own, so a
///   flood of large renders leaves the small lane free.
/// - **Order.** Within a lane, the render whose estimated end — when it was submitted plus its
///   estimated time — comes first runs first: shorter renders overtake longer ones, and a long
///   render waiting as long as its own length goes before any newcomer.
/// - **Memory.** Each render's peak working memory is estimated before it starts, and it starts only
///   while the sum of the running ones stays within ``Configuration/memoryBytes``; large renders
///   leave an eighth of it to the small lane. A render that finds itself larger once its scene is
///   laid out waits for the rest (``Running/reserve(_:)``); one larger than the whole budget runs
///   alone.
/// - **Shedding.** A render is refused (`503`) when its estimated wait — the estimated time of the
///   renders before it in its lane and of what the running ones have left, over the renders the
///   lane runs at once — exceeds ``Configuration/maxQueueWait``. Estimates are in seconds from the
///   time pixels of work have taken lately, measured per lane.
/// - **Cancellation.** A render nobody waits for any more is dropped when it reaches a worker, and
///   stops between bands if it has started (``Running/isWanted``).
///
/// `submit` never blocks: it is called from the server's event loop. Jobs and their answers are
/// never called while the scheduler's lock is held.
public final class RenderScheduler: Sendable {
    /// A unit of work: what it costs, whether anyone still wants it, and the work itself.
    public struct Job: Sendable {
        /// Estimated work in pixels of a plain render (see ``RenderCost``).
        public var work: Double
        /// Estimated peak working memory in bytes.
        public var memory: Int
        /// Whether anyone still waits for the job; cheap, without side effects.
        public var isWanted: @Sendable () -> Bool
        /// Asked before the job starts and by the job as it runs: gives up the job when nobody wants
        /// it any more (answering whoever waited) and returns true, else returns false.
        public var withdrawIfUnwanted: @Sendable () -> Bool
        /// Runs on a worker and returns what to do once the worker is counted free.
        public var run: @Sendable (Running) -> Completion

        public init(work: Double, memory: Int, isWanted: @escaping @Sendable () -> Bool,
                    withdrawIfUnwanted: @escaping @Sendable () -> Bool, run: @escaping @Sendable (Running) -> Completion) {
            self.work = work
            self.memory = memory
            self.isWanted = isWanted
            self.withdrawIfUnwanted = withdrawIfUnwanted
            self.run = run
        }
    }

    /// What a job leaves to do after its work, such as answering the client.
    public typealias Completion = @Sendable () -> Void

    /// Whether a submitted job was queued.
    public enum Admission: Sendable, Equatable {
        case queued
        /// Refused: its estimated wait exceeded ``Configuration/maxQueueWait``.
        case refused(estimatedWait: Duration)
    }

    /// Which workers a job may use.
    public enum Lane: String, Sendable, CaseIterable {
        case small, large
    }

    /// The counters `/metrics` reports.
    public struct Statistics: Sendable, Hashable {
        /// Jobs running now, by lane.
        public var running: [Lane: Int]
        /// Jobs waiting for a worker or for memory, by lane.
        public var queued: [Lane: Int]
        /// Estimated working memory of the running jobs, in bytes.
        public var memoryInUse: Int
        /// The budget ``memoryInUse`` stays within.
        public var memoryBytes: Int
        /// Jobs refused because they would have waited too long, since start.
        public var refused: Int
        /// Jobs dropped because nobody wanted them any more, before they started or half-way, since start.
        public var dropped: Int
        /// Seconds a pixel of work takes lately, by lane.
        public var secondsPerWork: [Lane: Double]
    }

    /// The settings the scheduler runs with.
    public let configuration: Configuration
    private let state: Locked<State>
    private let workers: [Lane: [DispatchQueue]]

    /// A scheduler with `configuration`; its workers are serial Dispatch queues, one thread each
    /// while busy.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        let count = max(1, configuration.workers)
        workers = Dictionary(uniqueKeysWithValues: Lane.allCases.map { lane in
            (lane, (0..<count).map { DispatchQueue(label: "relief.render.\(lane.rawValue).\($0)", qos: .userInitiated) })
        })
        state = Locked(State(idle: Dictionary(uniqueKeysWithValues: Lane.allCases.map { ($0, Array((0..<count).reversed())) }),
                            secondsPerWork: [.small: configuration.initialSecondsPerWork,
                                             .large: configuration.initialSecondsPerWork]))
    }

    /// The lane of a job of `work` pixels.
    public func lane(ofWork work: Double) -> Lane {
        work <= configuration.smallWork ? .small : .large
    }

    /// Queues `job`, or refuses it at once when its estimated wait is too long.
    public func submit(_ job: Job) -> Admission {
        let lane = lane(ofWork: job.work)
        let now = ContinuousClock.now
        let admission = state.withLock { state -> Admission in
            let queued = Queued(job: job, lane: lane, submitted: now,
                                deadline: now + .seconds(job.work * state.secondsPerWork[lane, default: 0]))
            let wait = estimatedWait(of: queued, in: state, now: now)
            guard wait <= configuration.maxQueueWait else {
                state.refused += 1
                return .refused(estimatedWait: wait)
            }
            var queue = state.queues.removeValue(forKey: lane) ?? []
            queue.insert(queued, at: queue.firstIndex { $0.deadline > queued.deadline } ?? queue.endIndex)
            state.queues[lane] = queue
            return .queued
        }
        if admission == .queued { startReadyJobs() }
        return admission
    }

    /// The counters now.
    public var statistics: Statistics {
        state.withLock { state in
            Statistics(running: state.running, queued: state.queues.mapValues(\.count),
                       memoryInUse: state.memoryInUse, memoryBytes: configuration.memoryBytes, refused: state.refused,
                       dropped: state.dropped, secondsPerWork: state.secondsPerWork)
        }
    }

    // MARK: Running jobs

    /// A job on its worker: the memory it holds, and whether it is still wanted.
    public final class Running: Sendable {
        fileprivate let job: Job
        fileprivate let lane: Lane
        fileprivate let worker: Int
        private unowned let scheduler: RenderScheduler
        /// Signalled when memory the job waits for is granted.
        fileprivate let granted = DispatchSemaphore(value: 0)
        /// Set once the job found itself unwanted while running: it stops, and counts as dropped.
        fileprivate let abandoned = Atomic<Bool>(false)

        fileprivate init(job: Job, lane: Lane, worker: Int, scheduler: RenderScheduler) {
            self.job = job
            self.lane = lane
            self.worker = worker
            self.scheduler = scheduler
        }

        /// Makes sure the job holds `bytes` of the memory budget: returns at once when it holds as
        /// much, else gives back what it holds and waits until `bytes` fit (or nothing else runs).
        public func reserve(_ bytes: Int) {
            scheduler.reserve(bytes, for: self)
        }

        /// Whether anyone still wants the job's result; when nobody does, the job is given up (its
        /// waiters are answered) and false is returned, so the job stops.
        public var isWanted: Bool {
            guard job.withdrawIfUnwanted() else { return true }
            abandoned.store(true, ordering: .relaxed)
            return false
        }
    }

    private struct Queued {
        var job: Job
        var lane: Lane
        var submitted: ContinuousClock.Instant
        /// When the job would end if it started at once: it runs before jobs that would end later.
        var deadline: ContinuousClock.Instant
    }

    /// What a job on a worker holds.
    private struct Holding {
        var lane: Lane
        var started: ContinuousClock.Instant
        var estimate: Duration
        var memory: Int
        /// Time spent waiting for memory after it started, not counted as work.
        var waited: Duration = .zero
    }

    private struct State {
        var queues: [Lane: [Queued]] = [:]
        /// Free workers of each lane, the next to use last.
        var idle: [Lane: [Int]]
        var running: [Lane: Int] = [:]
        var holdings: [ObjectIdentifier: Holding] = [:]
        /// Jobs on a worker waiting for more memory, first come first served.
        var awaitingMemory: [(running: Running, bytes: Int)] = []
        var memoryInUse = 0
        var refused = 0
        var dropped = 0
        var secondsPerWork: [Lane: Double]
    }

    /// The most memory a job of `lane` may start with next to `inUse`: large jobs leave an eighth
    /// of the budget to the small lane; a job larger than that runs only when nothing else holds any.
    private func fits(_ bytes: Int, lane: Lane, inUse: Int) -> Bool {
        let limit = lane == .large ? configuration.memoryBytes - configuration.memoryBytes / 8 : configuration.memoryBytes
        return inUse == 0 || inUse + bytes <= limit
    }

    /// The estimated wait of `queued`: the estimated time of the jobs of its lane that would run
    /// before it and of what the running ones have left, over how many of its lane run at once.
    private func estimatedWait(of queued: Queued, in state: State, now: ContinuousClock.Instant) -> Duration {
        let lane = queued.lane
        let rate = state.secondsPerWork[lane, default: 0]
        var seconds = 0.0
        for ahead in state.queues[lane, default: []] where ahead.deadline <= queued.deadline && ahead.job.isWanted() {
            seconds += ahead.job.work * rate
        }
        for holding in state.holdings.values where holding.lane == lane {
            seconds += max(0, (holding.estimate - (now - holding.started)).seconds)
        }
        let workers = max(1, configuration.workers)
        let byMemory = lane == .large ? (configuration.memoryBytes - configuration.memoryBytes / 8) / max(queued.job.memory, 1) : workers
        return .seconds(seconds / Double(max(1, min(workers, byMemory))))
    }

    /// Starts every queued job a worker and the budget allow, dropping those nobody wants.
    private func startReadyJobs() {
        while let running = state.withLock({ state in takeReadyJob(&state) }) {
            if running.job.withdrawIfUnwanted() {
                finish(running, dropped: true)
                continue
            }
            workers[running.lane]![running.worker].async {
                let completion = running.job.run(running)
                self.finish(running, dropped: running.abandoned.load(ordering: .relaxed))
                completion()
            }
        }
    }

    /// The first queued job, of either lane, that has a worker and fits the budget, made running.
    /// While a running job waits for more memory, only small jobs start.
    private func takeReadyJob(_ state: inout State) -> Running? {
        for lane in Lane.allCases where lane == .small || state.awaitingMemory.isEmpty {
            guard let first = state.queues[lane]?.first, let worker = state.idle[lane]?.last,
                  fits(first.job.memory, lane: lane, inUse: state.memoryInUse) else { continue }
            state.queues[lane]!.removeFirst()
            state.idle[lane]!.removeLast()
            state.running[lane, default: 0] += 1
            state.memoryInUse += first.job.memory
            let running = Running(job: first.job, lane: lane, worker: worker, scheduler: self)
            state.holdings[ObjectIdentifier(running)] = Holding(
                lane: lane, started: .now, estimate: .seconds(first.job.work * state.secondsPerWork[lane, default: 0]),
                memory: first.job.memory)
            return running
        }
        return nil
    }

    /// Frees `running`'s worker and memory, learns from how long it took, and starts what can start.
    private func finish(_ running: Running, dropped: Bool) {
        let granted = state.withLock { state -> [Running] in
            if let holding = state.holdings.removeValue(forKey: ObjectIdentifier(running)) {
                state.memoryInUse -= holding.memory
                if dropped {
                    state.dropped += 1
                } else if running.job.work > 0 {
                    let observed = (ContinuousClock.now - holding.started - holding.waited).seconds / running.job.work
                    let rate = state.secondsPerWork[running.lane, default: observed]
                    state.secondsPerWork[running.lane] = rate + (observed - rate) * Self.learningRate
                }
            }
            state.running[running.lane, default: 1] -= 1
            state.idle[running.lane, default: []].append(running.worker)
            return grantAwaitedMemory(&state)
        }
        for waiting in granted { waiting.granted.signal() }
        startReadyJobs()
    }

    /// How much each finished job moves the estimate of seconds per pixel of work: about the last
    /// ten jobs count.
    private static let learningRate = 0.1

    private func reserve(_ bytes: Int, for running: Running) {
        let id = ObjectIdentifier(running)
        // What it holds is given back before it waits, so jobs waiting for memory never hold some.
        let granted = state.withLock { state -> [Running]? in
            guard let held = state.holdings[id]?.memory, bytes > held else { return nil }
            state.memoryInUse -= held
            state.holdings[id]?.memory = 0
            state.awaitingMemory.append((running, bytes))
            return grantAwaitedMemory(&state)
        }
        guard let granted else { return }
        for waiting in granted { waiting.granted.signal() }
        let waitStarted = ContinuousClock.now
        running.granted.wait()
        state.withLock { state in state.holdings[id]?.waited += ContinuousClock.now - waitStarted }
    }

    /// Grants waiting reservations in order while they fit; returns those to wake.
    private func grantAwaitedMemory(_ state: inout State) -> [Running] {
        var granted: [Running] = []
        while let (running, bytes) = state.awaitingMemory.first, fits(bytes, lane: running.lane, inUse: state.memoryInUse) {
            state.awaitingMemory.removeFirst()
            state.memoryInUse += bytes
            state.holdings[ObjectIdentifier(running)]?.memory = bytes
            granted.append(running)
        }
        return granted
    }
}
