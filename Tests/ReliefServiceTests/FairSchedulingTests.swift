import Dispatch
import Foundation
import Glibc
import ReliefHTTPServer
import ReliefLock
import ReliefRender
import ReliefSpec
import Testing

@testable import HTTPServerTestSupport
@testable import ReliefService

/// The application behind the event loop under the load the scheduler exists for: long pipelines,
/// clients that leave, floods of large renders and of invalid image requests. Its clients are in
/// memory (``MemoryServedApplication``); its renders run on the scheduler's real workers.
@Suite("Fair scheduling end to end")
struct FairSchedulingTests {
    /// `count` distinct small renders (16-point buttons at 1x: a few hundred pixels each), distinct
    /// from those of every other `tag` too. Rounded, so that `width` and `radius` apply (a circle
    /// takes `size` and ignores both): two targets of one canonical query would make the second a
    /// hit that may meet the first's smallest encoding.
    static func distinctTargets(_ count: Int, tag: Int) -> [String] {
        (0..<count).map {
            "/render?shape=rounded&width=16.\(String(format: "%03d", tag))&height=16&margin=\(1 + $0 % 30)&radius=\($0 / 30)"
        }
    }

    @Test func theTargetsAreDistinctQueries() throws {
        let targets = (0..<20).flatMap { Self.distinctTargets(20, tag: 100 + $0) } + Self.distinctTargets(100, tag: 1)
        let canonical = try targets.map { try RenderSpec.parse(query: String($0.dropFirst("/render?".count))).canonicalQuery }
        #expect(Set(canonical).count == targets.count)
    }

    static func expectedTag(_ target: String) throws -> String {
        let spec = try RenderSpec.parse(query: String(target.dropFirst("/render?".count)))
        // Each asked for once: the fast encoding's tag.
        return EntityTag.forRender(canonicalQuery: spec.canonicalQuery).fastEncoding.headerValue
    }

    /// An application that answers every render however long the queue, as these tests ask: on a
    /// machine busy with other tests the estimated wait of hundreds of queued renders passes the
    /// default 10 s and sheds some (`503`), which is the scheduler's job but not what is tested here.
    static func patientApplication() -> ReliefApplication {
        ReliefApplication.forTesting(renders: { $0.maxQueueWait = .seconds(3600) })
    }

    @Test func aPipelineOf100DistinctRendersIsAnsweredWholeAndInOrder() throws {
        let served = MemoryServedApplication(Self.patientApplication())
        let client = served.connect()
        let targets = Self.distinctTargets(100, tag: 1)
        client.send(gets: targets)
        for target in targets {
            let response = served.awaitResponse(of: client)
            #expect(response?.status == 200)
            #expect(response?.header("ETag") == (try Self.expectedTag(target)))
        }
        #expect(served.application.scheduler.statistics.refused == 0)
    }

    @Test func twentyConnectionsOfTwentyPipelinedRendersAreAllAnsweredInOrder() throws {
        let served = MemoryServedApplication(Self.patientApplication())
        let targets = (0..<20).map { Self.distinctTargets(20, tag: 100 + $0) }
        let clients = targets.map { _ in served.connect() }
        for (client, targets) in zip(clients, targets) { client.send(gets: targets) }
        // Each answer as its status and tag, per connection in the order read.
        var answers = clients.map { _ in [String]() }
        #expect(
            served.settle(until: {
                for (index, client) in clients.enumerated() {
                    answers[index] += client.readResponses().map { "\($0.status) \($0.header("ETag") ?? "-")" }
                }
                return answers.allSatisfy { $0.count == 20 }
            }))
        let expected = try targets.map { try $0.map { "200 \(try Self.expectedTag($0))" } }
        let differing = zip(answers.joined(), expected.joined()).filter { $0 != $1 }
        #expect(answers == expected, "\(differing.count) answers differ, the first \(differing.prefix(3))")
        #expect(served.application.scheduler.statistics.refused == 0)
    }

    /// A served application with one worker a lane, whose renders wait for `release`, and a client
    /// whose render holds the small lane's worker.
    private func servedWithTheWorkerHeld() throws -> (
        served: MemoryServedApplication, render: CountingRender,
        release: DispatchSemaphore, holder: MemoryClient
    ) {
        let release = DispatchSemaphore(value: 0)
        let render = CountingRender(gate: release)
        let served = MemoryServedApplication(ReliefApplication.forTesting(renders: { $0.workers = 1 }, render: render.function))
        let holder = served.connect()
        holder.send(gets: ["/render?size=100"])
        try #require(render.waitForCalls(1))
        return (served, render, release, holder)
    }

    @Test func aClientThatLeavesHasItsQueuedRenderDropped() throws {
        let (served, render, release, holder) = try servedWithTheWorkerHeld()
        let leaver = served.connect()
        leaver.send(gets: ["/render?size=120"])
        #expect(served.application.scheduler.statistics.queued.values.reduce(0, +) == 1)
        // It ends its side with nothing unread: its request is cancelled, and the queued render is
        // dropped when the worker comes free, before the worker's render is answered.
        leaver.finish()
        release.signal()
        #expect(served.awaitResponse(of: holder)?.status == 200)
        #expect(served.application.scheduler.statistics.dropped == 1)
        #expect(render.count == 1)
        // Asked again, the dropped image renders afresh.
        release.signal()
        let again = served.connect()
        again.send(gets: ["/render?size=120"])
        #expect(served.awaitResponse(of: again)?.status == 200)
        #expect(render.count == 2)
    }

    @Test func aRenderTwoClientsWaitForStillRunsWhenOneLeaves() throws {
        let (served, render, release, holder) = try servedWithTheWorkerHeld()
        let first = served.connect()
        let second = served.connect()
        first.send(gets: ["/render?size=130"])
        second.send(gets: ["/render?size=130"])
        #expect(served.application.cache.statistics.misses == 3)
        first.finish()
        release.signal()
        release.signal()
        #expect(served.awaitResponse(of: holder)?.status == 200)
        // The client that stayed gets the one render both asked for.
        #expect(served.awaitResponse(of: second)?.status == 200)
        #expect(render.count == 2)
        #expect(served.application.scheduler.statistics.dropped == 0)
    }

    @Test func problemPicturesNeverWaitForTheRenderWorkers() async throws {
        let release = DispatchSemaphore(value: 0)
        let render = CountingRender(gate: release)
        let app = ReliefApplication.forTesting(
            renders: {
                $0.workers = 1; $0.smallWork = 1
            }, render: render.function)
        // Every render worker is held.
        let held = PendingResponse(app, "/render?size=100")
        #expect(render.waitForCalls(1))
        for query in ["size=2000", "style=neon", "size=2001"] {
            let response = await app.response("/render?" + query, headers: browserImageAccept)
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "image/png", "\(query)")
        }
        #expect(render.count == 1)
        release.signal()
        #expect(await held.value.status == 200)
    }

    @Test func smallRendersFinishBeforeLargeOnesSubmittedEarlier() async throws {
        // The large renders (1.44 megapixels) hold their worker until the test lets them go, so the
        // small ones can finish first only by not waiting behind them: the order is forced, not raced.
        let finished = Locked([String]())
        let largeStarted = DispatchSemaphore(value: 0)
        let smallFinished = DispatchSemaphore(value: 0)
        let releaseLarge = DispatchSemaphore(value: 0)
        let app = ReliefApplication.forTesting(
            renders: { $0.workers = 1 },
            render: { spec, _, _ in
                let (width, height) = spec.pixelSize
                let isLarge = width * height > 1_000_000
                if isLarge {
                    largeStarted.signal()
                    releaseLarge.wait()
                }
                finished.withLock { $0.append(isLarge ? "large" : "small") }
                if !isLarge { smallFinished.signal() }
                return RenderCache.Entry(bytes: Array(spec.canonicalQuery.utf8), renderDuration: .zero, encodeDuration: .zero)
            })
        let large = (0..<2).map { PendingResponse(app, "/render?component=card&width=300&height=300&scale=4&margin=\($0)") }
        // The first large render is running, holding the large lane's one worker; the second waits for it.
        #expect(largeStarted.wait(timeout: .now() + .seconds(60)) == .success)
        let small = (0..<5).map { PendingResponse(app, "/render?size=\(20 + $0)&margin=0") }
        // A bound on a hang, not a measure of speed: a small render queued behind the large ones never
        // finishes while they are held.
        let deadline = DispatchTime.now() + .seconds(60)
        let smallOnesFinished = small.allSatisfy { _ in smallFinished.wait(timeout: deadline) == .success }
        let finishedWhileLargeHeld = finished.withLock { $0 }
        releaseLarge.signal()
        releaseLarge.signal()
        for response in small + large { #expect(await response.value.status == 200) }
        #expect(smallOnesFinished)
        #expect(finishedWhileLargeHeld == Array(repeating: "small", count: 5))
        #expect(finished.withLock { $0 } == Array(repeating: "small", count: 5) + ["large", "large"])
    }
}
