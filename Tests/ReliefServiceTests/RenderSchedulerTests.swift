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
    /// What the jobs did, in order, and a way to wait for what they do next.
    final class Record: Sendable {
        private let state = Locked([String]())
        private let noted = DispatchSemaphore(value: 0)

        func note(_ event: String) {
            state.withLock { $0.append(event) }
            noted.signal()
        }

        var events: [String] { state.withLock { $0 } }
        func started(_ name: String) -> Bool { events.contains("start \(name)") }

        /// Waits until `event` has been noted; false if 20 s pass without it (a bound on a hang, far
        /// beyond what any job here takes).
        func waitFor(_ event: String) -> Bool {
            let deadline = DispatchTime.now() + .seconds(20)
            while !events.contains(event) {
                guard noted.wait(timeout: deadline) == .success else { return false }
            }
            return true
        }

        /// Waits until job `name` is over and the scheduler has counted its worker free.
        func waitUntilDone(_ name: String) -> Bool { waitFor("done \(name)") }
    }

    /// A job called `name` that records itself, waits for `gate` and, once running, reserves
    /// `reserving` bytes when given; `wanted` false makes it one nobody waits for. It notes
    /// `done` from its completion, which the scheduler calls once it has counted the job finished.
    static func job(
        _ name: String, work: Double, memory: Int = 1, record: Record, gate: DispatchSemaphore? = nil,
        reserving: Int? = nil, wanted: Bool = true
    ) -> RenderScheduler.Job {
        var job = RenderScheduler.Job(work: work, memory: memory, isWanted: { wanted }, withdrawIfUnwanted: { !wanted }) {
            running in
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
            return { record.note("done \(name)") }
        }
        job.waitingForMemory = { record.note("waiting \(name)") }
        return job
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
        #expect(record.waitUntilDone("small"))
        #expect(!record.started("large 2"), "the large lane's one worker is still busy")
        gate.signal()
        gate.signal()
        #expect(record.waitUntilDone("large 2"))
        #expect(scheduler.statistics.running.values.reduce(0, +) == 0)
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
        #expect(record.waitUntilDone("fits"))
        #expect(!record.started("huge"))
    }

    @Test func aJobNobodyWantsIsDroppedBeforeItStarts() throws {
        let scheduler = Self.scheduler { _ in }
        let record = Record(), gate = DispatchSemaphore(value: 0)
        #expect(scheduler.submit(Self.job("blocker", work: 2000, record: record, gate: gate)) == .queued)
        #expect(scheduler.submit(Self.job("abandoned", work: 2000, record: record, wanted: false)) == .queued)
        #expect(scheduler.submit(Self.job("wanted", work: 2000, record: record)) == .queued)
        gate.signal()
        #expect(record.waitUntilDone("wanted"))
        #expect(!record.started("abandoned"))
        #expect(scheduler.statistics.dropped == 1)
    }

    @Test func aRunningJobWaitsForTheMemoryItReservesAndIsRefusedWhatNoJobMayHold() throws {
        let scheduler = Self.scheduler {
            $0.workers = 2; $0.memoryBytes = 100
        }
        let record = Record(), gate = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        #expect(scheduler.submit(Self.job("holder", work: 2000, memory: 40, record: record, gate: gate)) == .queued)
        #expect(record.waitFor("start holder"))
        // Estimated at 10 bytes, it asks for 80 once running: 40 + 80 does not fit 88.
        #expect(
            scheduler.submit(Self.job("grower", work: 2000, memory: 10, record: record, gate: release, reserving: 80)) == .queued)
        // Waiting, it has given back its 10 bytes; only the holder's end can grant it the 80.
        #expect(record.waitFor("waiting grower"))
        #expect(scheduler.statistics.memoryInUse == 40)
        #expect(!record.events.contains("reserved grower"))
        gate.signal()
        #expect(record.waitFor("reserved grower"))
        #expect(scheduler.statistics.memoryInUse == 80)
        release.signal()
        #expect(record.waitUntilDone("grower"))
        // More than a job may hold, asked once running, is refused: the job goes on to stop.
        #expect(scheduler.submit(Self.job("overgrown", work: 2000, memory: 10, record: record, reserving: 89)) == .queued)
        #expect(record.waitUntilDone("overgrown"))
        #expect(record.events.contains("refused overgrown 89 over 88"))
        #expect(scheduler.statistics.memoryInUse == 0)
    }
}
