import Dispatch
import Foundation
import ReliefLock
import Testing

@testable import ReliefService

/// The scheduler's shell carrying out its policy's decisions on real workers: jobs with no render
/// behind them, each recording when it starts and ends and waiting for its gate. What the policy
/// decides is tested on the value itself (``RenderSchedulerPolicyTests``).
@Suite("Render scheduler")
struct RenderSchedulerTests {
    /// What the jobs did, in order.
    final class Record: Sendable {
        private let state = Locked([String]())

        func note(_ event: String) {
            state.withLock { $0.append(event) }
        }

        var events: [String] { state.withLock { $0 } }
        func started(_ name: String) -> Bool { events.contains("start \(name)") }
        func ended(_ name: String) -> Bool { events.contains("end \(name)") }
    }

    /// A job called `name` that records itself, waits for `gate` and, once running, reserves
    /// `reserving` bytes when given; `wanted` false makes it one nobody waits for.
    static func job(
        _ name: String, work: Double, memory: Int = 1, record: Record, gate: DispatchSemaphore? = nil,
        reserving: Int? = nil, wanted: Bool = true
    ) -> RenderScheduler.Job {
        RenderScheduler.Job(work: work, memory: memory, isWanted: { wanted }, withdrawIfUnwanted: { !wanted }) { running in
            record.note("start \(name)")
            if let reserving {
                do throws(RenderScheduler.TooLarge) {
                    try running.reserve(reserving)
                    record.note("reserved \(name)")
                } catch {
                    record.note("refused \(name) \(error.memory) over \(error.limit)")
                }
            }
            gate?.wait()
            record.note("end \(name)")
            return {}
        }
    }

    static func scheduler(_ adjust: (inout RenderScheduler.Configuration) -> Void) -> RenderScheduler {
        RenderScheduler(configuration: RenderSchedulerPolicyTests.configuration(adjust))
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
        #expect(eventually { scheduler.statistics.running.values.reduce(0, +) == 0 })
    }

    @Test func aJobLargerThanAnyMayHoldIsRefusedAndNeverRuns() throws {
        // 100 bytes of budget: one job may hold 100 − 100/8 = 88.
        let scheduler = Self.scheduler { $0.memoryBytes = 100 }
        let record = Record()
        #expect(
            scheduler.submit(Self.job("huge", work: 10, memory: 89, record: record))
                == .refused(.tooLarge(.init(memory: 89, limit: 88))))
        #expect(scheduler.statistics.refusedTooLarge == 1)
        #expect(scheduler.submit(Self.job("fits", work: 10, memory: 88, record: record)) == .queued)
        #expect(eventually { record.ended("fits") })
        #expect(!record.started("huge"))
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

    @Test func aRunningJobWaitsForTheMemoryItReservesAndIsRefusedWhatNoJobMayHold() throws {
        let scheduler = Self.scheduler {
            $0.workers = 2; $0.memoryBytes = 100
        }
        let record = Record(), gate = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        #expect(scheduler.submit(Self.job("holder", work: 2000, memory: 40, record: record, gate: gate)) == .queued)
        #expect(eventually { record.started("holder") })
        // Estimated at 10 bytes, it asks for 80 once running: 40 + 80 does not fit 88.
        #expect(
            scheduler.submit(Self.job("grower", work: 2000, memory: 10, record: record, gate: release, reserving: 80)) == .queued)
        // Waiting, it has given back its 10 bytes; only the holder's end can grant it the 80.
        #expect(eventually { record.started("grower") && scheduler.statistics.memoryInUse == 40 })
        #expect(!record.events.contains("reserved grower"))
        gate.signal()
        #expect(eventually { record.events.contains("reserved grower") })
        #expect(scheduler.statistics.memoryInUse == 80)
        release.signal()
        #expect(eventually { record.ended("grower") })
        // More than a job may hold, asked once running, is refused: the job goes on to stop.
        #expect(scheduler.submit(Self.job("overgrown", work: 2000, memory: 10, record: record, reserving: 89)) == .queued)
        #expect(eventually { record.ended("overgrown") })
        #expect(record.events.contains("refused overgrown 89 over 88"))
        #expect(eventually { scheduler.statistics.memoryInUse == 0 })
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
