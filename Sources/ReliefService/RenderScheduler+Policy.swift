extension RenderScheduler {
    /// Every decision of the scheduler, as a value: which job starts on which worker, which is
    /// refused and why, and how much of the memory budget each running job holds. Each event —
    /// a job submitted, a job finished, a running job asking for memory — is a method that takes
    /// the time it happened at and returns what to do (``Action``). It runs nothing and reads no
    /// clock, so a sequence of events gives the same decisions every time; ``RenderScheduler``
    /// carries them out on its workers.
    ///
    /// - **Lanes.** A job of at most ``Configuration/smallWork`` whose memory fits the small lane's
    ///   share (``smallLaneMemory``) is small; the others are large. Each lane has
    ///   ``Configuration/workers`` workers of its own.
    /// - **Memory.** Large jobs start only while every running job's memory, theirs included, stays
    ///   within ``largestJobMemory``, seven eighths of ``Configuration/memoryBytes``; small jobs
    ///   within the whole budget. So the small lane always has its eighth, and no job, small or
    ///   large, ever holds the whole budget.
    /// - **Too large.** A job that asks for more than ``largestJobMemory``, when submitted or once
    ///   running, is refused at once (``Refusal/tooLarge(_:)``): it could never run.
    /// - **Order.** Within a lane, the job whose estimated end — when it was submitted plus its
    ///   estimated time — comes first starts first. While a running job waits for memory, only
    ///   small jobs start, so the memory it waits for is not taken by newcomers.
    /// - **Shedding.** A job whose estimated wait exceeds ``Configuration/maxQueueWait`` is refused
    ///   (``Refusal/busy(estimatedWait:)``): too large *now*.
    /// - **Background.** A job submitted as background waits in a lane of its own, first come first
    ///   served, with one worker; it starts only while no other job waits for a worker or for
    ///   memory, and takes its memory from the large jobs' share. It may ask for no more than the
    ///   small lane's share (``smallLaneMemory``), so that one never holds back a large job by
    ///   much or for long; past ``Configuration/maxBackgroundJobs`` waiting, more are refused.
    public struct Policy: Sendable {
        /// Names a job in the policy's events; the caller chooses it, one per job.
        public typealias JobID = Int

        /// What the policy asks its caller to do.
        public enum Action: Sendable, Hashable {
            /// Run the job on `worker` of `lane`. A job nobody wants any more is finished as
            /// dropped instead (``finish(_:at:dropped:)``).
            case start(JobID, lane: Lane, worker: Int)
            /// The running job that asked for memory holds it now, and goes on.
            case grant(JobID)
            /// The job is refused: when submitted, it is not queued; when running, it stops.
            case refuse(JobID, Refusal)
        }

        /// The settings the policy decides by.
        public let configuration: Configuration
        private var queues: [Lane: [Waiting]] = [:]
        /// Free workers of each lane, the next to use last.
        private var idle: [Lane: [Int]]
        private var holdings: [JobID: Holding] = [:]
        /// Running jobs waiting for more memory, first come first served.
        private var awaitingMemory: [(job: JobID, bytes: Int, since: ContinuousClock.Instant)] = []
        /// The memory the running jobs hold, in bytes.
        public private(set) var memoryInUse = 0
        /// Jobs refused because they would have waited too long, since the start.
        public private(set) var refusedBusy = 0
        /// Jobs refused because they asked for more than ``largestJobMemory``, since the start.
        public private(set) var refusedTooLarge = 0
        /// Jobs dropped because nobody wanted them any more, before they started or half-way.
        public private(set) var dropped = 0
        /// Seconds a pixel of work takes lately, by lane.
        public private(set) var secondsPerWork: [Lane: Double]

        /// A policy with `configuration`, every worker free and nothing running.
        public init(configuration: Configuration) {
            self.configuration = configuration
            let count = max(1, configuration.workers)
            idle = Dictionary(
                uniqueKeysWithValues: Lane.allCases.map { lane in
                    (lane, Array((0..<(lane == .background ? 1 : count)).reversed()))
                })
            secondsPerWork = Dictionary(uniqueKeysWithValues: Lane.allCases.map { ($0, configuration.initialSecondsPerWork) })
        }

        /// The share of the budget only small jobs may use: an eighth of it.
        public var smallLaneMemory: Int { configuration.memoryBytes / 8 }

        /// The most memory one job may hold, and all large jobs together: the budget less the
        /// small lane's share.
        public var largestJobMemory: Int { configuration.memoryBytes - smallLaneMemory }

        /// The lane of a job of `work` pixels and `memory` bytes.
        public func lane(work: Double, memory: Int) -> Lane {
            work <= configuration.smallWork && memory <= smallLaneMemory ? .small : .large
        }

        /// Jobs running now, by lane.
        public var running: [Lane: Int] {
            holdings.values.reduce(into: [:]) { $0[$1.lane, default: 0] += 1 }
        }

        /// Jobs waiting for a worker or for memory to start, by lane.
        public var queued: [Lane: Int] { queues.mapValues(\.count) }

        /// A job of `work` pixels and `memory` bytes submitted at `now`: refused at once when it is
        /// too large or would wait too long, else queued; then every job that can start does.
        /// `isWanted` says which queued jobs someone still waits for: the others do not count
        /// towards the wait.
        /// With `background`, the job goes to the background lane instead (see above).
        public mutating func submit(
            _ job: JobID, work: Double, memory: Int, at now: ContinuousClock.Instant,
            background: Bool = false, isWanted: (JobID) -> Bool = { _ in true }
        ) -> [Action] {
            guard memory <= largestJobMemory else {
                refusedTooLarge += 1
                return [.refuse(job, .tooLarge(TooLarge(memory: memory, limit: largestJobMemory)))]
            }
            if background {
                guard memory <= smallLaneMemory else {
                    refusedTooLarge += 1
                    return [.refuse(job, .tooLarge(TooLarge(memory: memory, limit: smallLaneMemory)))]
                }
                guard queues[.background, default: []].count < configuration.maxBackgroundJobs else {
                    refusedBusy += 1
                    return [.refuse(job, .busy(estimatedWait: configuration.maxQueueWait))]
                }
                queues[.background, default: []].append(Waiting(job: job, work: work, memory: memory, deadline: now))
                return startReadyJobs(at: now)
            }
            let lane = lane(work: work, memory: memory)
            let waiting = Waiting(
                job: job, work: work, memory: memory,
                deadline: now + .seconds(work * secondsPerWork[lane, default: 0]))
            let wait = estimatedWait(of: waiting, in: lane, now: now, isWanted: isWanted)
            guard wait <= configuration.maxQueueWait else {
                refusedBusy += 1
                return [.refuse(job, .busy(estimatedWait: wait))]
            }
            var queue = queues.removeValue(forKey: lane) ?? []
            queue.insert(waiting, at: queue.firstIndex { $0.deadline > waiting.deadline } ?? queue.endIndex)
            queues[lane] = queue
            return startReadyJobs(at: now)
        }

        /// A running job that asks, at `now`, to hold `bytes` from now on: granted at once when it
        /// holds as much (what it holds beyond is given back); refused when `bytes` exceeds
        /// ``largestJobMemory``; else it gives back what it holds and waits until `bytes` fit.
        public mutating func reserve(_ bytes: Int, for job: JobID, at now: ContinuousClock.Instant) -> [Action] {
            guard let held = holdings[job]?.memory else { return [] }
            guard bytes <= largestJobMemory else {
                refusedTooLarge += 1
                return [.refuse(job, .tooLarge(TooLarge(memory: bytes, limit: largestJobMemory)))]
            }
            memoryInUse -= held
            if bytes <= held {
                memoryInUse += bytes
                holdings[job]?.memory = bytes
                return [.grant(job)] + grantAwaitedMemory(at: now) + startReadyJobs(at: now)
            }
            // What it held is given back before it waits, so a job waiting for memory holds none.
            holdings[job]?.memory = 0
            awaitingMemory.append((job, bytes, now))
            return grantAwaitedMemory(at: now) + startReadyJobs(at: now)
        }

        /// The job ended at `now` — done, or `dropped` because nobody wanted it: its worker and
        /// memory are free, its time teaches the lane's estimate, and what can start does.
        public mutating func finish(_ job: JobID, at now: ContinuousClock.Instant, dropped: Bool) -> [Action] {
            guard let holding = holdings.removeValue(forKey: job) else { return [] }
            memoryInUse -= holding.memory
            awaitingMemory.removeAll { $0.job == job }
            if dropped {
                self.dropped += 1
            } else if holding.work > 0 {
                let observed = (now - holding.started - holding.waited).seconds / holding.work
                let rate = secondsPerWork[holding.lane, default: observed]
                secondsPerWork[holding.lane] = rate + (observed - rate) * Self.learningRate
            }
            idle[holding.lane, default: []].append(holding.worker)
            return grantAwaitedMemory(at: now) + startReadyJobs(at: now)
        }

        /// How much each finished job moves the estimate of seconds per pixel of work: about the
        /// last ten jobs count.
        static let learningRate = 0.1

        // MARK: State

        private struct Waiting {
            var job: JobID
            var work: Double
            var memory: Int
            /// When the job would end if it started at once: it runs before jobs that would end later.
            var deadline: ContinuousClock.Instant
        }

        /// What a job on a worker holds.
        private struct Holding {
            var lane: Lane
            var worker: Int
            var work: Double
            var started: ContinuousClock.Instant
            var estimate: Duration
            var memory: Int
            /// Time spent waiting for memory after it started, not counted as work.
            var waited: Duration = .zero
        }

        /// Whether `bytes` more may be held by a job of `lane`: large and background jobs leave the
        /// small lane's share free.
        private func fits(_ bytes: Int, lane: Lane) -> Bool {
            memoryInUse + bytes <= (lane == .small ? configuration.memoryBytes : largestJobMemory)
        }

        /// The estimated wait of `waiting` in `lane`: the estimated time of the wanted jobs of its
        /// lane that would start before it and of what the running ones have left, over how many
        /// of the lane run at once — its workers, or for large jobs as many of its size as fit.
        private func estimatedWait(
            of waiting: Waiting, in lane: Lane, now: ContinuousClock.Instant,
            isWanted: (JobID) -> Bool
        ) -> Duration {
            let rate = secondsPerWork[lane, default: 0]
            var seconds = 0.0
            for ahead in queues[lane, default: []] where ahead.deadline <= waiting.deadline && isWanted(ahead.job) {
                seconds += ahead.work * rate
            }
            for holding in holdings.values where holding.lane == lane {
                seconds += max(0, (holding.estimate - (now - holding.started)).seconds)
            }
            let workers = max(1, configuration.workers)
            let byMemory = lane == .large ? largestJobMemory / max(waiting.memory, 1) : workers
            return .seconds(seconds / Double(max(1, min(workers, byMemory))))
        }

        /// Whether a job of `lane` may start now: small ones always; large ones while no running
        /// job waits for memory; background ones only while nothing else waits at all.
        private func mayStart(_ lane: Lane) -> Bool {
            switch lane {
            case .small: true
            case .large: awaitingMemory.isEmpty
            case .background: awaitingMemory.isEmpty && queues[.small, default: []].isEmpty && queues[.large, default: []].isEmpty
            }
        }

        /// Starts every queued job a worker and the budget allow, first of each lane in turn.
        private mutating func startReadyJobs(at now: ContinuousClock.Instant) -> [Action] {
            var started: [Action] = []
            var progress = true
            while progress {
                progress = false
                for lane in Lane.allCases where mayStart(lane) {
                    guard let first = queues[lane]?.first, let worker = idle[lane]?.last, fits(first.memory, lane: lane)
                    else { continue }
                    queues[lane]!.removeFirst()
                    idle[lane]!.removeLast()
                    memoryInUse += first.memory
                    holdings[first.job] = Holding(
                        lane: lane, worker: worker, work: first.work, started: now,
                        estimate: .seconds(first.work * secondsPerWork[lane, default: 0]),
                        memory: first.memory)
                    started.append(.start(first.job, lane: lane, worker: worker))
                    progress = true
                }
            }
            return started
        }

        /// Grants waiting reservations in order while they fit.
        private mutating func grantAwaitedMemory(at now: ContinuousClock.Instant) -> [Action] {
            var granted: [Action] = []
            while let (job, bytes, since) = awaitingMemory.first, let lane = holdings[job]?.lane, fits(bytes, lane: lane) {
                awaitingMemory.removeFirst()
                memoryInUse += bytes
                holdings[job]?.memory = bytes
                holdings[job]?.waited += now - since
                granted.append(.grant(job))
            }
            return granted
        }
    }
}
