import Dispatch
import ReliefLock
import Synchronization

/// Runs renders so that no client can stall the others: small renders never wait behind large ones,
/// the renders running at once fit a memory budget that no one render may fill, and a render is
/// refused only when it could never fit or would wait too long — never because many are waiting.
///
/// Every decision is made by ``Policy``, a value that sees each event with its time and answers
/// what to do; this class feeds it the events under a lock and carries out its answers: it runs
/// jobs on the lanes' workers, wakes jobs whose memory is granted, and drops jobs nobody wants.
///
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
        /// Whether the job is background work, which runs only while no other job waits, on a
        /// thread the operating system runs only when a core would otherwise idle (`SCHED_IDLE`).
        public var isBackground: Bool
        /// Runs on a worker and returns what to do once the worker is counted free.
        public var run: @Sendable (Running) -> Completion
        /// Called on the job's worker when ``Running/reserve(_:)`` starts to wait for memory, having
        /// given back what the job held: how a test knows the job waits, without watching the clock.
        var waitingForMemory: (@Sendable () -> Void)?

        public init(
            work: Double, memory: Int, isBackground: Bool = false, isWanted: @escaping @Sendable () -> Bool,
            withdrawIfUnwanted: @escaping @Sendable () -> Bool, run: @escaping @Sendable (Running) -> Completion
        ) {
            self.work = work
            self.memory = memory
            self.isBackground = isBackground
            self.isWanted = isWanted
            self.withdrawIfUnwanted = withdrawIfUnwanted
            self.run = run
        }
    }

    /// What a job leaves to do after its work, such as answering the client.
    public typealias Completion = @Sendable () -> Void

    /// Why a job was refused.
    public enum Refusal: Sendable, Hashable {
        /// It asked for more memory than one job may ever hold: it can never run under this budget.
        case tooLarge(TooLarge)
        /// Its estimated wait exceeded ``Configuration/maxQueueWait``: too large for now.
        case busy(estimatedWait: Duration)
    }

    /// A job that asked for `memory` bytes, more than one job may ever hold (`limit`,
    /// ``Policy/largestJobMemory``).
    public struct TooLarge: Error, Sendable, Hashable {
        public var memory: Int
        public var limit: Int
    }

    /// Whether a submitted job was queued.
    public enum Admission: Sendable, Hashable {
        case queued
        case refused(Refusal)
    }

    /// Which workers a job may use.
    public enum Lane: String, Sendable, CaseIterable {
        case small, large
        /// Background jobs' one worker.
        case background
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
        /// The most one job may hold (``Policy/largestJobMemory``).
        public var largestJobMemory: Int
        /// Jobs refused because they would have waited too long, since start.
        public var refused: Int
        /// Jobs refused because they asked for more than ``largestJobMemory``, since start.
        public var refusedTooLarge: Int
        /// Jobs dropped because nobody wanted them any more, before they started or half-way, since start.
        public var dropped: Int
        /// Seconds a pixel of work takes lately, by lane.
        public var secondsPerWork: [Lane: Double]
    }

    /// The settings the scheduler runs with.
    public let configuration: Configuration
    private let state: Locked<State>
    private let workers: [Lane: [DispatchQueue]]
    private let backgroundWorker = IdleThread(name: "relief-render-background")
    /// Run once no job has been queued or running for ``idleDelay``.
    private let whenIdle: (@Sendable () -> Void)?

    /// How long the scheduler is idle before ``init(configuration:whenIdle:)``'s `whenIdle` runs: long
    /// enough that a client's next request usually comes first, so it runs when load has stopped.
    public static let idleDelay: Duration = .seconds(1)

    /// A scheduler with `configuration`; its workers are serial Dispatch queues, one thread each
    /// while busy, and the background lane's a thread of its own at idle priority. `whenIdle` runs
    /// once each time no job has been queued or running for ``idleDelay``: the service gives freed
    /// memory back to the system then.
    public init(configuration: Configuration = .init(), whenIdle: (@Sendable () -> Void)? = nil) {
        self.configuration = configuration
        self.whenIdle = whenIdle
        let count = max(1, configuration.workers)
        workers = Dictionary(
            uniqueKeysWithValues: [Lane.small, .large].map { lane in
                (lane, (0..<count).map { DispatchQueue(label: "relief.render.\(lane.rawValue).\($0)", qos: .userInitiated) })
            })
        state = Locked(State(policy: Policy(configuration: configuration)))
    }

    /// Queues `job`, or refuses it at once when it is too large or its estimated wait too long.
    public func submit(_ job: Job) -> Admission {
        let (id, actions) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.jobs[id] = job
            let jobs = state.jobs
            let actions = state.policy.submit(id, work: job.work, memory: job.memory, at: .now, background: job.isBackground) {
                jobs[$0]?.isWanted() ?? false
            }
            for case .refuse(id, _) in actions { state.jobs[id] = nil }
            return (id, actions)
        }
        perform(actions)
        for case .refuse(id, let refusal) in actions { return .refused(refusal) }
        return .queued
    }

    /// The counters now.
    public var statistics: Statistics {
        state.withLock { state in
            let policy = state.policy
            return Statistics(
                running: policy.running, queued: policy.queued, memoryInUse: policy.memoryInUse,
                memoryBytes: configuration.memoryBytes, largestJobMemory: policy.largestJobMemory,
                refused: policy.refusedBusy, refusedTooLarge: policy.refusedTooLarge, dropped: policy.dropped,
                secondsPerWork: policy.secondsPerWork)
        }
    }

    /// Waits until no job is queued or running — every job's work done and counted, its completion
    /// under way — so a test knows background work is over without watching the clock; false if
    /// `deadline` passes first.
    func waitUntilIdle(deadline: DispatchTime) -> Bool {
        let waiter = DispatchSemaphore(value: 0)
        let isIdle = state.withLock { state in
            if state.jobs.isEmpty { return true }
            state.idleWaiters.append(waiter)
            return false
        }
        return isIdle || waiter.wait(timeout: deadline) == .success
    }

    // MARK: Running jobs

    /// A job on its worker: the memory it holds, and whether it is still wanted.
    public final class Running: Sendable {
        fileprivate let id: Policy.JobID
        fileprivate let job: Job
        private unowned let scheduler: RenderScheduler
        /// Signalled when memory the job waits for is granted.
        fileprivate let granted = DispatchSemaphore(value: 0)
        /// Set once the job found itself unwanted while running: it stops, and counts as dropped.
        fileprivate let abandoned = Atomic<Bool>(false)

        fileprivate init(id: Policy.JobID, job: Job, scheduler: RenderScheduler) {
            self.id = id
            self.job = job
            self.scheduler = scheduler
        }

        /// Makes the job hold `bytes` of the memory budget from now on: returns at once when it
        /// holds as much (giving back the rest), else gives back what it holds and waits until
        /// `bytes` fit; throws ``TooLarge`` when no job may hold so much.
        public func reserve(_ bytes: Int) throws(TooLarge) {
            try scheduler.reserve(bytes, for: self)
        }

        /// Whether anyone still wants the job's result; when nobody does, the job is given up (its
        /// waiters are answered) and false is returned, so the job stops.
        public var isWanted: Bool {
            guard job.withdrawIfUnwanted() else { return true }
            abandoned.store(true, ordering: .relaxed)
            return false
        }
    }

    private struct State {
        var policy: Policy
        var nextID = 0
        /// The jobs queued or running, by their ID in the policy.
        var jobs: [Policy.JobID: Job] = [:]
        /// The jobs on a worker.
        var running: [Policy.JobID: Running] = [:]
        /// Signalled once each when no job is left queued or running (``waitUntilIdle(deadline:)``).
        var idleWaiters: [DispatchSemaphore] = []
        /// Counts the times the scheduler became idle, so that a `whenIdle` scheduled for one of
        /// them runs only if no job came since.
        var idlePeriods = 0
    }

    private typealias Action = Policy.Action

    /// Carries out the policy's `actions`: starts jobs on their workers (dropping those nobody
    /// wants, which may start others) and wakes jobs whose memory was granted. A refusal is for
    /// whoever made the event that caused it.
    private func perform(_ actions: [Action]) {
        var pending = actions[...]
        while let action = pending.popFirst() {
            switch action {
            case .start(let id, let lane, let worker):
                guard
                    let running = state.withLock({ state -> Running? in
                        guard let job = state.jobs[id] else { return nil }
                        let running = Running(id: id, job: job, scheduler: self)
                        state.running[id] = running
                        return running
                    })
                else { continue }
                if running.job.withdrawIfUnwanted() {
                    pending.append(contentsOf: finish(running, dropped: true))
                    continue
                }
                let work: @Sendable () -> Void = {
                    let completion = running.job.run(running)
                    self.perform(self.finish(running, dropped: running.abandoned.load(ordering: .relaxed)))
                    completion()
                }
                if lane == .background { backgroundWorker.run(work) } else { workers[lane]![worker].async(execute: work) }
            case .grant(let id):
                state.withLock { $0.running[id] }?.granted.signal()
            case .refuse:
                continue
            }
        }
    }

    /// Tells the policy `running` ended; returns what to do next.
    private func finish(_ running: Running, dropped: Bool) -> [Action] {
        let (actions, idleWaiters, idlePeriod) = state.withLock { state in
            state.jobs[running.id] = nil
            state.running[running.id] = nil
            let actions = state.policy.finish(running.id, at: .now, dropped: dropped)
            guard state.jobs.isEmpty else { return (actions, [DispatchSemaphore](), Int?.none) }
            defer { state.idleWaiters = [] }
            state.idlePeriods += 1
            return (actions, state.idleWaiters, state.idlePeriods)
        }
        for waiter in idleWaiters { waiter.signal() }
        if let whenIdle, let idlePeriod {
            let delay = DispatchTimeInterval.milliseconds(Int(Self.idleDelay / .milliseconds(1)))
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { [weak self] in
                guard let self, state.withLock({ $0.jobs.isEmpty && $0.idlePeriods == idlePeriod }) else { return }
                whenIdle()
            }
        }
        return actions
    }

    private func reserve(_ bytes: Int, for running: Running) throws(TooLarge) {
        let actions = state.withLock { $0.policy.reserve(bytes, for: running.id, at: .now) }
        for case .refuse(running.id, .tooLarge(let refusal)) in actions { throw refusal }
        let grantedAtOnce = actions.contains(.grant(running.id))
        perform(actions.filter { $0 != .grant(running.id) })
        if !grantedAtOnce {
            running.job.waitingForMemory?()
            running.granted.wait()
        }
    }
}
