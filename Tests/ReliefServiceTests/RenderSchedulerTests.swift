import Dispatch
import Foundation
import ReliefLock
import Testing
@testable import ReliefService

/// Jobs with no render behind them: each records when it starts and ends, and waits for its gate.
@Suite("Render scheduler")
struct RenderSchedulerTests {
    /// What the jobs did, in order, and the most memory the running ones held at once.
    final class Record: Sendable {
        private let state = Locked((events: [String](), memory: 0, mostMemory: 0))

        func started(_ name: String, memory: Int) {
            state.withLock {
                $0.events.append("start \(name)")
                $0.memory += memory
                $0.mostMemory = max($0.mostMemory, $0.memory)
            }
        }

        func ended(_ name: String, memory: Int) {
            state.withLock {
                $0.events.append("end \(name)")
                $0.memory -= memory
            }
        }

        var events: [String] { state.withLock { $0.events } }
        var mostMemory: Int { state.withLock { $0.mostMemory } }
        func started(_ name: String) -> Bool { events.contains("start \(name)") }
        func ended(_ name: String) -> Bool { events.contains("end \(name)") }
        func order(of names: [String]) -> [String] { events.filter { names.map { "start \($0)" }.contains($0) }.map { String($0.dropFirst(6)) } }
    }

    /// A job called `name` that records itself, waits for `gate` and, once running, reserves
    /// `reserving` bytes when given; `wanted` false makes it one nobody waits for.
    static func job(_ name: String, work: Double, memory: Int = 1, record: Record, gate: DispatchSemaphore? = nil,
                    reserving: Int? = nil, wanted: Bool = true) -> RenderScheduler.Job {
        RenderScheduler.Job(work: work, memory: memory, isWanted: { wanted }, withdrawIfUnwanted: { !wanted }) { running in
            record.started(name, memory: memory)
            if let reserving {
                running.reserve(reserving)
                record.started(name + " reserved", memory: reserving - memory)
            }
            gate?.wait()
            record.ended(name, memory: reserving ?? memory)
            return {}
        }
    }

    static func scheduler(_ adjust: (inout RenderScheduler.Configuration) -> Void) -> RenderScheduler {
        var configuration = RenderScheduler.Configuration()
        configuration.workers = 1
        configuration.smallWork = 1000
        // A pixel of work is estimated at a millisecond: work 1000 is a second.
        configuration.initialSecondsPerWork = 1e-3
        adjust(&configuration)
        return RenderScheduler(configuration: configuration)
    }

    @Test func smallJobsRunWhileLargeOnesHoldEveryLargeWorker() throws {
        let scheduler = Self.scheduler { _ in }
        let record = Record(), gate = DispatchSemaphore(value: 0)
        #expect(scheduler.submit(Self.job("large", work: 5000, record: record, gate: gate)) == .queued)
        #expect(scheduler.submit(Self.job("large 2", work: 5000, record: record, gate: gate)) == .queued)
        #expect(scheduler.submit(Self.job("small", work: 10, record: record)) == .queued)
        #expect(eventually { record.ended("small") })
        #expect(!record.started("large 2"), "the large lane's one worker is still busy")
        gate.signal()
        gate.signal()
        #expect(eventually { record.ended("large 2") })
    }

    @Test func theRunningJobsStayWithinTheMemoryBudget() throws {
        // Large jobs may use 100 − 100/8 = 88 bytes: two of 40 at once, never three.
        let scheduler = Self.scheduler { $0.workers = 4; $0.memoryBytes = 100 }
        let record = Record(), gate = DispatchSemaphore(value: 0)
        for index in 0..<6 {
            #expect(scheduler.submit(Self.job("L\(index)", work: 2000, memory: 40, record: record, gate: gate)) == .queued)
        }
        #expect(eventually { record.events.count == 2 })
        usleep(50_000)
        #expect(record.events.count == 2, "a third would pass the budget")
        #expect(scheduler.statistics.memoryInUse == 80)
        for _ in 0..<6 { gate.signal() }
        #expect(eventually { record.events.filter { $0.hasPrefix("end") }.count == 6 })
        #expect(record.mostMemory == 80)
        #expect(scheduler.statistics.memoryInUse == 0)
    }

    @Test func shorterJobsOvertakeLongerOnesAndLongOnesAgeIntoTheirTurn() throws {
        let scheduler = Self.scheduler { _ in }
        let record = Record(), gate = DispatchSemaphore(value: 0)
        #expect(scheduler.submit(Self.job("blocker", work: 2000, record: record, gate: gate)) == .queued)
        #expect(eventually { record.started("blocker") })
        #expect(scheduler.submit(Self.job("long", work: 8000, record: record)) == .queued)
        #expect(scheduler.submit(Self.job("short", work: 1500, record: record)) == .queued)
        // Submitted 300 ms later, an even shorter job would still end after "aged" (submitted now,
        // estimated 0.1 s longer than it) had it started at once: "aged" goes first.
        #expect(scheduler.submit(Self.job("aged", work: 1100, record: record)) == .queued)
        usleep(300_000)
        #expect(scheduler.submit(Self.job("newcomer", work: 1001, record: record)) == .queued)
        gate.signal()
        #expect(eventually { record.ended("long") })
        #expect(record.order(of: ["short", "aged", "newcomer", "long"]) == ["aged", "newcomer", "short", "long"]
            || record.order(of: ["short", "aged", "newcomer", "long"]) == ["aged", "short", "newcomer", "long"])
        #expect(record.order(of: ["short", "long"]) == ["short", "long"])
    }

    @Test func aLongLineIsQueuedWholeWhenItsEstimatedWaitIsShort() throws {
        // A thousand jobs of a microsecond each wait a millisecond at most: none is refused.
        let scheduler = Self.scheduler { $0.initialSecondsPerWork = 1e-6; $0.maxQueueWait = .milliseconds(100) }
        let record = Record(), gate = DispatchSemaphore(value: 0)
        #expect(scheduler.submit(Self.job("first", work: 1, record: record, gate: gate)) == .queued)
        for index in 0..<1000 {
            #expect(scheduler.submit(Self.job("\(index)", work: 1, record: record)) == .queued)
        }
        gate.signal()
        #expect(eventually { record.ended("999") })
        #expect(record.order(of: (0..<1000).map(String.init)) == (0..<1000).map(String.init))
        #expect(scheduler.statistics.refused == 0)
    }

    @Test func aJobIsRefusedWithItsEstimatedWaitWhenThatIsTooLong() throws {
        let scheduler = Self.scheduler { $0.maxQueueWait = .seconds(3) }
        let record = Record(), gate = DispatchSemaphore(value: 0)
        // Estimated at 5 s: it starts at once, and whatever comes next would wait about 5 s.
        #expect(scheduler.submit(Self.job("running", work: 5000, record: record, gate: gate)) == .queued)
        #expect(eventually { record.started("running") })
        guard case .refused(let wait) = scheduler.submit(Self.job("next", work: 2000, record: record)) else {
            Issue.record("the next job should have been refused")
            return
        }
        #expect(wait > .seconds(3) && wait <= .seconds(5))
        #expect(scheduler.statistics.refused == 1)
        gate.signal()
    }

    @Test func aJobNobodyWantsIsDroppedBeforeItStarts() throws {
        let scheduler = Self.scheduler { _ in }
        let record = Record(), gate = DispatchSemaphore(value: 0)
        #expect(scheduler.submit(Self.job("blocker", work: 2000, record: record, gate: gate)) == .queued)
        #expect(scheduler.submit(Self.job("abandoned", work: 2000, record: record, wanted: false)) == .queued)
        #expect(scheduler.submit(Self.job("wanted", work: 2000, record: record)) == .queued)
        gate.signal()
        #expect(eventually { record.ended("wanted") })
        #expect(!record.started("abandoned"))
        #expect(scheduler.statistics.dropped == 1)
    }

    @Test func aJobThatFindsItselfLargerWaitsForTheMemoryItNeeds() throws {
        let scheduler = Self.scheduler { $0.workers = 2; $0.memoryBytes = 100 }
        let record = Record(), gate = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        #expect(scheduler.submit(Self.job("holder", work: 2000, memory: 40, record: record, gate: gate)) == .queued)
        #expect(eventually { record.started("holder") })
        // Estimated at 10 bytes, it asks for 80 once running: 40 + 80 does not fit 88.
        #expect(scheduler.submit(Self.job("grower", work: 2000, memory: 10, record: record, gate: release, reserving: 80)) == .queued)
        #expect(eventually { record.started("grower") })
        usleep(50_000)
        #expect(!record.started("grower reserved"))
        gate.signal()
        #expect(eventually { record.started("grower reserved") })
        #expect(record.mostMemory <= 88)
        release.signal()
        #expect(eventually { record.ended("grower") })
        #expect(scheduler.statistics.memoryInUse == 0)
    }
}

/// Whether `condition` holds within `timeout`, looking every millisecond.
func eventually(within timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(1_000)
    }
    return true
}
