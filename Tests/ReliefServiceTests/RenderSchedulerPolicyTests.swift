import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

/// ``RenderScheduler/Policy`` as a value: sequences of events, each at a time of the test's
/// choosing, and the actions they give. No clock is read and nothing runs.
@Suite("Render scheduler policy")
struct RenderSchedulerPolicyTests {
    typealias Policy = RenderScheduler.Policy
    typealias Action = Policy.Action

    static let start = ContinuousClock.now
    static let mebibyte = 1 << 20

    /// One worker a lane, small jobs of at most 1000 pixels of work, estimated at a millisecond
    /// each (work 1000 is a second), changed by `adjust`.
    static func configuration(_ adjust: (inout RenderScheduler.Configuration) -> Void) -> RenderScheduler.Configuration {
        var configuration = RenderScheduler.Configuration()
        configuration.workers = 1
        configuration.smallWork = 1000
        configuration.initialSecondsPerWork = 1e-3
        adjust(&configuration)
        return configuration
    }

    static func policy(_ adjust: (inout RenderScheduler.Configuration) -> Void = { _ in }) -> Policy {
        Policy(configuration: configuration(adjust))
    }

    /// `seconds` after the test's start.
    static func at(_ seconds: Double) -> ContinuousClock.Instant { start + .seconds(seconds) }

    @Test func aSmallJobStartsOnItsOwnLaneWhileALargeOneHoldsTheLargeLane() {
        var policy = Self.policy()
        #expect(policy.submit(1, work: 5000, memory: 1, at: Self.at(0)) == [.start(1, lane: .large, worker: 0)])
        #expect(policy.submit(2, work: 5000, memory: 1, at: Self.at(0)) == [])
        #expect(policy.submit(3, work: 10, memory: 1, at: Self.at(0.1)) == [.start(3, lane: .small, worker: 0)])
        #expect(policy.queued == [.large: 1, .small: 0])
        #expect(policy.finish(1, at: Self.at(5), dropped: false) == [.start(2, lane: .large, worker: 0)])
    }

    @Test func aJobLargerThanSevenEighthsOfTheBudgetIsRefusedEvenWhenNothingRuns() {
        var policy = Self.policy { $0.memoryBytes = 800 }
        #expect(policy.largestJobMemory == 700 && policy.smallLaneMemory == 100)
        #expect(
            policy.submit(1, work: 10, memory: 701, at: Self.at(0)) == [.refuse(1, .tooLarge(.init(memory: 701, limit: 700)))])
        #expect(policy.refusedTooLarge == 1)
        #expect(policy.submit(2, work: 10, memory: 700, at: Self.at(0)) == [.start(2, lane: .large, worker: 0)])
    }

    @Test func largeJobsLeaveTheSmallLaneItsEighthAndSmallJobsMayUseAll() {
        // 100 bytes: large jobs together hold at most 88 (two of 40, never three); small ones
        // of at most 12 bytes take the rest, and the rest of the budget when large ones leave it.
        var policy = Self.policy {
            $0.workers = 4; $0.memoryBytes = 100
        }
        #expect(policy.lane(work: 10, memory: 12) == .small)
        #expect(policy.lane(work: 10, memory: 13) == .large, "more than the small lane's share")
        #expect(policy.lane(work: 1001, memory: 1) == .large)
        var started: [Action] = []
        for job in 0..<3 { started += policy.submit(job, work: 2000, memory: 40, at: Self.at(0)) }
        #expect(started == [.start(0, lane: .large, worker: 0), .start(1, lane: .large, worker: 1)])
        #expect(policy.submit(10, work: 10, memory: 12, at: Self.at(0)) == [.start(10, lane: .small, worker: 0)])
        #expect(policy.memoryInUse == 92)
        #expect(policy.submit(11, work: 10, memory: 12, at: Self.at(0)) == [], "92 + 12 would pass the budget")
        #expect(policy.finish(10, at: Self.at(0.01), dropped: false) == [.start(11, lane: .small, worker: 0)])
        // A large job counts the small ones' memory too: 52 + 40 would pass 88.
        #expect(policy.finish(0, at: Self.at(2), dropped: false) == [])
        #expect(policy.finish(11, at: Self.at(2.01), dropped: false) == [.start(2, lane: .large, worker: 0)])
    }

    @Test func shorterJobsOvertakeLongerOnesAndLongOnesAgeIntoTheirTurn() {
        var policy = Self.policy()
        #expect(policy.submit(0, work: 2000, memory: 1, at: Self.at(0)) == [.start(0, lane: .large, worker: 0)])
        _ = policy.submit(1, work: 8000, memory: 1, at: Self.at(0))  // "long": ends at 8 s if started at once
        _ = policy.submit(2, work: 1500, memory: 1, at: Self.at(0))  // "short": at 1.5 s
        _ = policy.submit(3, work: 1100, memory: 1, at: Self.at(0))  // "aged": at 1.1 s
        // Submitted 0.3 s later, even a shorter job would end after "aged" had each started at once.
        _ = policy.submit(4, work: 1001, memory: 1, at: Self.at(0.3))  // at 1.301 s
        var order: [Int] = []
        var now = 2.0, finishing = 0
        while true {
            let actions = policy.finish(finishing, at: Self.at(now), dropped: false)
            guard case .start(let next, _, _)? = actions.first else { break }
            order.append(next)
            (finishing, now) = (next, now + 1)
        }
        #expect(order == [3, 4, 2, 1])
    }

    /// The estimated wait of the one job `actions` refuse as busy, in seconds.
    static func busyWait(_ actions: [Action]) -> Double? {
        guard actions.count == 1, case .refuse(_, .busy(let wait)) = actions[0] else { return nil }
        return wait.seconds
    }

    @Test func aJobIsRefusedBusyWithItsEstimatedWaitWhenThatIsTooLong() throws {
        var policy = Self.policy { $0.maxQueueWait = .seconds(3) }
        #expect(policy.submit(0, work: 5000, memory: 1, at: Self.at(0)) == [.start(0, lane: .large, worker: 0)])
        // One second in, the running job has 4 s of its 5 left.
        let wait = try #require(Self.busyWait(policy.submit(1, work: 2000, memory: 1, at: Self.at(1))))
        #expect(abs(wait - 4) < 1e-6)
        #expect(policy.refusedBusy == 1)
        // Two and a half seconds in, 2.5 s: queued, and a shorter job, which goes first, too.
        #expect(policy.submit(2, work: 2000, memory: 1, at: Self.at(2.5)) == [])
        #expect(policy.submit(3, work: 1500, memory: 1, at: Self.at(2.5)) == [])
        // Behind both: 2.5 + 1.5 + 2 s; a queued job nobody wants no longer counts: 2.5 + 1.5 s.
        let behind = try #require(Self.busyWait(policy.submit(4, work: 2000, memory: 1, at: Self.at(2.5))))
        #expect(abs(behind - 6) < 1e-6)
        let unwanted = try #require(
            Self.busyWait(policy.submit(5, work: 2000, memory: 1, at: Self.at(2.5), isWanted: { $0 != 2 })))
        #expect(abs(unwanted - 4) < 1e-6)
        #expect(policy.refusedBusy == 3)
    }

    @Test func theEstimateLearnsFromHowLongJobsTookWithoutTheirWaitForMemory() {
        var policy = Self.policy {
            $0.workers = 2; $0.memoryBytes = 100
        }
        _ = policy.submit(0, work: 2000, memory: 40, at: Self.at(0))
        _ = policy.submit(1, work: 2000, memory: 10, at: Self.at(0))
        // Job 1 waits 1 s for 80 bytes (40 + 80 > 88), granted when job 0 ends: 0.5 ms a pixel.
        #expect(policy.reserve(80, for: 1, at: Self.at(0)) == [])
        #expect(policy.finish(0, at: Self.at(1), dropped: false) == [.grant(1)])
        let once = 1e-3 + (0.5e-3 - 1e-3) * Policy.learningRate
        #expect(abs(policy.secondsPerWork[.large]! - once) < 1e-12)
        // It then works 4 s, its wait not counted: 2 ms a pixel.
        _ = policy.finish(1, at: Self.at(5), dropped: false)
        let twice = once + (2e-3 - once) * Policy.learningRate
        #expect(abs(policy.secondsPerWork[.large]! - twice) < 1e-12)
        // A dropped job teaches nothing.
        _ = policy.submit(2, work: 2000, memory: 1, at: Self.at(5))
        _ = policy.finish(2, at: Self.at(100), dropped: true)
        #expect(policy.dropped == 1)
        #expect(abs(policy.secondsPerWork[.large]! - twice) < 1e-12)
    }

    @Test func aReservationBelowWhatAJobHoldsGivesTheRestBackAndStartsWhatThenFits() {
        var policy = Self.policy {
            $0.workers = 2; $0.memoryBytes = 100
        }
        #expect(policy.submit(0, work: 2000, memory: 80, at: Self.at(0)) == [.start(0, lane: .large, worker: 0)])
        #expect(policy.submit(1, work: 2000, memory: 40, at: Self.at(0)) == [])
        #expect(policy.reserve(30, for: 0, at: Self.at(0.01)) == [.grant(0), .start(1, lane: .large, worker: 1)])
        #expect(policy.memoryInUse == 70)
        // More than a job may hold, asked once running: refused, and what it holds stays its own.
        #expect(policy.reserve(89, for: 1, at: Self.at(0.02)) == [.refuse(1, .tooLarge(.init(memory: 89, limit: 88)))])
        #expect(policy.memoryInUse == 70)
    }

    @Test func whileARunningJobWaitsForMemoryOnlySmallJobsStart() {
        var policy = Self.policy {
            $0.workers = 3; $0.memoryBytes = 100
        }
        _ = policy.submit(0, work: 2000, memory: 40, at: Self.at(0))
        _ = policy.submit(1, work: 2000, memory: 10, at: Self.at(0))
        #expect(policy.reserve(80, for: 1, at: Self.at(0)) == [])
        #expect(
            policy.submit(2, work: 2000, memory: 1, at: Self.at(0)) == [], "a large worker is free, but the memory is awaited")
        #expect(policy.submit(3, work: 10, memory: 1, at: Self.at(0)) == [.start(3, lane: .small, worker: 0)])
        #expect(policy.finish(0, at: Self.at(1), dropped: false) == [.grant(1), .start(2, lane: .large, worker: 0)])
    }

    // MARK: The largest allowed work against small renders

    static let largestAnimation =
        "component=toggle&shape=rounded&width=362&height=362&scale=4&margin=0&animate=true&fps=60"
        + "&loop=true&simulate=lowvision&contrast=high"

    static func cost(_ query: String) throws -> RenderCost {
        try RenderCost.render(RenderSpec.parse(query: query))
    }

    /// The service's policy, two workers a lane, with a render budget of `renderMiB`.
    static func servicePolicy(renderMiB: Int) -> Policy {
        var configuration = RenderScheduler.Configuration()
        configuration.workers = 2
        configuration.memoryBytes = renderMiB << 20
        return Policy(configuration: configuration)
    }

    @Test func theLargestAnimationIsRefusedUnderTheDefaultBudgetAndRunsBesideSmallRendersUnderALargerOne() throws {
        let animation = try Self.cost(Self.largestAnimation), small = try Self.cost("size=100")
        var policy = Self.servicePolicy(renderMiB: 256)
        #expect(
            policy.submit(1, work: animation.work, memory: animation.memory, at: Self.at(0))
                == [.refuse(1, .tooLarge(.init(memory: animation.memory, limit: 224 << 20)))])
        policy = Self.servicePolicy(renderMiB: 1024)
        #expect(
            policy.submit(1, work: animation.work, memory: animation.memory, at: Self.at(0))
                == [.start(1, lane: .large, worker: 0)])
        #expect(
            policy.submit(2, work: small.work, memory: small.memory, at: Self.at(0.001))
                == [.start(2, lane: .small, worker: 0)])
    }

    /// What happened to the small renders in ``flood(largeClients:renderMiB:)``.
    struct FloodOutcome {
        /// Seconds from each small render's submission to its start.
        var smallWaits: [Double] = []
        var largeStarted = 0, largeRefusedBusy = 0, largeRefusedTooLarge = 0
        /// The most memory held at once, and by large jobs when one started.
        var mostMemory = 0, mostMemoryAtALargeStart = 0
    }

    /// 30 seconds of `largeClients` clients each sending the largest animation, the next as soon as
    /// the last is answered (2 s a render, as measured; one second after a `503`), while another
    /// client asks for a small render (2 ms) every 100 ms — replayed as events on the service's
    /// policy.
    static func flood(largeClients: Int, renderMiB: Int) throws -> FloodOutcome {
        let animation = try cost(largestAnimation), small = try cost("size=100")
        var policy = servicePolicy(renderMiB: renderMiB)
        var outcome = FloodOutcome()
        // Pending events by time: a client's next submission, or a job's end.
        enum Event {
            case submitLarge(client: Int)
            case submitSmall
            case end(job: Int)
        }
        var events: [(time: Double, event: Event)] =
            (0..<largeClients).map { (0, .submitLarge(client: $0)) }
            + stride(from: 0.05, to: 30, by: 0.1).map { ($0, .submitSmall) }
        var jobs: [Int: (small: Bool, submitted: Double, client: Int)] = [:]
        var nextID = 0
        while let index = events.indices.min(by: { events[$0].time < events[$1].time }) {
            let (now, event) = events.remove(at: index)
            var actions: [Action]
            switch event {
            case .submitLarge(let client):
                guard now < 30 else { continue }
                nextID += 1
                jobs[nextID] = (false, now, client)
                actions = policy.submit(nextID, work: animation.work, memory: animation.memory, at: at(now))
            case .submitSmall:
                nextID += 1
                jobs[nextID] = (true, now, -1)
                actions = policy.submit(nextID, work: small.work, memory: small.memory, at: at(now))
            case .end(let job):
                actions = policy.finish(job, at: at(now), dropped: false)
                if let ended = jobs[job], !ended.small { events.append((now, .submitLarge(client: ended.client))) }
            }
            outcome.mostMemory = max(outcome.mostMemory, policy.memoryInUse)
            for action in actions {
                switch action {
                case .start(let job, let lane, _):
                    let started = jobs[job]!
                    #expect(lane == (started.small ? .small : .large))
                    if started.small {
                        outcome.smallWaits.append(now - started.submitted)
                    } else {
                        outcome.largeStarted += 1
                        outcome.mostMemoryAtALargeStart = max(outcome.mostMemoryAtALargeStart, policy.memoryInUse)
                    }
                    events.append((now + (started.small ? 0.002 : 2), .end(job: job)))
                case .refuse(let job, .busy):
                    outcome.largeRefusedBusy += 1
                    events.append((now + 1, .submitLarge(client: jobs[job]!.client)))
                case .refuse(let job, .tooLarge):
                    // Refused for good: the client asks again at once, as a hostile one would.
                    outcome.largeRefusedTooLarge += 1
                    if outcome.largeRefusedTooLarge < 1000 {
                        events.append((now + 0.01, .submitLarge(client: jobs[job]!.client)))
                    }
                case .grant:
                    Issue.record("nothing reserved")
                }
            }
        }
        return outcome
    }

    @Test(arguments: [1, 16])
    func smallRendersStartAtOnceWhileClientsSendTheLargestAnimation(largeClients: Int) throws {
        let outcome = try Self.flood(largeClients: largeClients, renderMiB: 1024)
        #expect(outcome.smallWaits.count == 300)
        #expect(outcome.smallWaits.allSatisfy { $0 == 0 }, "every small render starts when it arrives")
        #expect(outcome.largeStarted >= 15, "the animations run, two at a time at most")
        #expect(outcome.mostMemory <= 1024 << 20)
        #expect(outcome.mostMemoryAtALargeStart <= 896 << 20, "large renders leave the small lane its eighth")
        if largeClients > 2 { #expect(outcome.largeRefusedBusy > 0, "the rest are shed, not queued for ever") }
    }

    @Test(arguments: [1, 16])
    func underTheDefaultBudgetTheLargestAnimationIsRefusedAndSmallRendersNeverWait(largeClients: Int) throws {
        let outcome = try Self.flood(largeClients: largeClients, renderMiB: 256)
        #expect(outcome.largeStarted == 0 && outcome.largeRefusedTooLarge >= 1000)
        #expect(outcome.smallWaits.count == 300 && outcome.smallWaits.allSatisfy { $0 == 0 })
    }
}
