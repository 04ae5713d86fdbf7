import Testing

@testable import ReliefService

/// Background jobs in ``RenderScheduler/Policy``: the smallest encodings of images asked for again,
/// which may use only what no other job is waiting for.
@Suite("Render scheduler policy: background jobs")
struct RenderSchedulerBackgroundTests {
    typealias Tests = RenderSchedulerPolicyTests

    @Test func aBackgroundJobStartsAtOnceOnAnIdleSchedulerOnItsOwnWorker() {
        var policy = Tests.policy()
        #expect(
            policy.submit(1, work: 5000, memory: 10, at: Tests.at(0), background: true)
                == [.start(1, lane: .background, worker: 0)])
        // Small and large jobs keep their own workers beside it.
        #expect(policy.submit(2, work: 5000, memory: 10, at: Tests.at(0)) == [.start(2, lane: .large, worker: 0)])
        #expect(policy.submit(3, work: 10, memory: 10, at: Tests.at(0)) == [.start(3, lane: .small, worker: 0)])
        // One background job runs at a time.
        #expect(policy.submit(4, work: 10, memory: 10, at: Tests.at(0), background: true) == [])
        #expect(policy.finish(1, at: Tests.at(1), dropped: false) == [.start(4, lane: .background, worker: 0)])
    }

    @Test func aBackgroundJobWaitsWhileAnyOtherJobWaits() {
        var policy = Tests.policy()
        _ = policy.submit(1, work: 5000, memory: 10, at: Tests.at(0))
        _ = policy.submit(2, work: 5000, memory: 10, at: Tests.at(0))  // waits for the large worker
        #expect(policy.submit(3, work: 10, memory: 10, at: Tests.at(0), background: true) == [], "a large job waits")
        // Once the large job has its worker, nothing waits but the background job: it starts beside it.
        #expect(
            policy.finish(1, at: Tests.at(5), dropped: false)
                == [.start(2, lane: .large, worker: 0), .start(3, lane: .background, worker: 0)])
    }

    @Test func aBackgroundJobAsksForNoMoreThanTheSmallLanesShareAndTakesItFromTheLargeJobs() {
        var policy = Tests.policy { $0.memoryBytes = 800 }
        #expect(
            policy.submit(1, work: 10, memory: 101, at: Tests.at(0), background: true)
                == [.refuse(1, .tooLarge(.init(memory: 101, limit: 100)))])
        _ = policy.submit(2, work: 5000, memory: 650, at: Tests.at(0))
        #expect(policy.submit(3, work: 10, memory: 100, at: Tests.at(0), background: true) == [], "650 + 100 passes 700")
        #expect(policy.submit(4, work: 10, memory: 100, at: Tests.at(0)) == [.start(4, lane: .small, worker: 0)])
        #expect(policy.finish(2, at: Tests.at(5), dropped: false) == [.start(3, lane: .background, worker: 0)])
    }

    @Test func pastItsBoundBackgroundJobsAreRefused() {
        var policy = Tests.policy { $0.maxBackgroundJobs = 2 }
        _ = policy.submit(1, work: 5000, memory: 10, at: Tests.at(0))
        _ = policy.submit(2, work: 5000, memory: 10, at: Tests.at(0))
        #expect(policy.submit(3, work: 10, memory: 1, at: Tests.at(0), background: true) == [])
        #expect(policy.submit(4, work: 10, memory: 1, at: Tests.at(0), background: true) == [])
        let refused = policy.submit(5, work: 10, memory: 1, at: Tests.at(0), background: true)
        #expect(refused.count == 1 && { if case .refuse(5, .busy) = refused[0] { true } else { false } }())
    }
}
