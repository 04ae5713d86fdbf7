import Dispatch
import Foundation
import Glibc
import ReliefHTTPServer
import ReliefLock
import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

/// The application behind the real server under the load the scheduler exists for: long pipelines,
/// clients that leave, floods of large renders and of invalid image requests.
@Suite("Fair scheduling end to end")
struct FairSchedulingTests {
    /// A raw connection that pipelines requests and reads their answers in order.
    final class PipelinedClient {
        private let socket: LoopbackSocket
        private var received: [UInt8] = []

        init(port: Int, timeoutSeconds: Int = 60) throws {
            socket = try LoopbackSocket(port: port, receiveTimeoutSeconds: timeoutSeconds)
        }

        func send(_ targets: [String]) throws {
            try socket.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: test\r\n\r\n" }.joined())
        }

        /// The next response's status and `ETag`.
        func readResponse() throws -> (status: Int, tag: String?) {
            let separator = Array("\r\n\r\n".utf8)
            var end: Int?
            while end == nil {
                end =
                    received.count >= 4
                    ? (0...(received.count - 4)).first { received[$0..<($0 + 4)].elementsEqual(separator) } : nil
                if end == nil { try receiveMore() }
            }
            let head = String(decoding: received[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
            received.removeFirst(end! + 4)
            func header(_ name: String) -> String? {
                head.dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                    .map { String($0.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces) }
            }
            let length = Int(header("Content-Length") ?? "0") ?? 0
            while received.count < length { try receiveMore() }
            received.removeFirst(length)
            return (Int(head[0].split(separator: " ")[1]) ?? 0, header("ETag"))
        }

        private func receiveMore() throws {
            let chunk = try socket.receive()
            guard !chunk.isEmpty else { throw LoopbackSocket.Failure(description: "connection ended") }
            received += chunk
        }
    }

    /// `count` distinct small renders (16-point buttons at 1x: a few hundred pixels each).
    static func distinctTargets(_ count: Int, tag: Int) -> [String] {
        (0..<count).map { "/render?size=16.\(String(format: "%03d", tag))&margin=\(1 + $0 % 30)&radius=\($0 / 30)" }
    }

    static func expectedTag(_ target: String) throws -> String {
        let spec = try RenderSpec.parse(query: String(target.dropFirst("/render?".count)))
        return EntityTag.forRender(canonicalQuery: spec.canonicalQuery, isWeak: true).headerValue
    }

    @Test func aPipelineOf100DistinctRendersIsAnsweredWholeAndInOrder() throws {
        let served = try ServedApplication(ReliefApplication.forTesting())
        let client = try PipelinedClient(port: served.port)
        let targets = Self.distinctTargets(100, tag: 1)
        try client.send(targets)
        for target in targets {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.tag == (try Self.expectedTag(target)))
        }
        #expect(served.application.scheduler.statistics.refused == 0)
    }

    @Test func twentyConnectionsOfTwentyPipelinedRendersAreAllAnsweredInOrder() throws {
        let served = try ServedApplication(ReliefApplication.forTesting())
        let port = served.port
        let failures = Locked([String]())
        DispatchQueue.concurrentPerform(iterations: 20) { connection in
            do {
                let client = try PipelinedClient(port: port)
                let targets = Self.distinctTargets(20, tag: 100 + connection)
                try client.send(targets)
                for target in targets {
                    let response = try client.readResponse()
                    let expected = try Self.expectedTag(target)
                    if response.status != 200 || response.tag != expected {
                        failures.withLock { $0.append("\(target): \(response.status)") }
                    }
                }
            } catch {
                failures.withLock { $0.append("connection \(connection): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }

    /// A served application with one worker a lane, whose renders wait for `release`, and a client
    /// whose render holds the small lane's worker.
    private func servedWithTheWorkerHeld() throws -> (
        served: ServedApplication, render: CountingRender,
        release: DispatchSemaphore, holder: PipelinedClient
    ) {
        let release = DispatchSemaphore(value: 0)
        let render = CountingRender(gate: release)
        let served = try ServedApplication(ReliefApplication.forTesting(renders: { $0.workers = 1 }, render: render.function))
        let holder = try PipelinedClient(port: served.port)
        try holder.send(["/render?size=100"])
        try #require(eventually { render.count == 1 })
        return (served, render, release, holder)
    }

    @Test func aClientThatLeavesHasItsQueuedRenderDropped() throws {
        let (served, render, release, holder) = try servedWithTheWorkerHeld()
        var leaver: PipelinedClient? = try PipelinedClient(port: served.port)
        try leaver?.send(["/render?size=120"])
        #expect(eventually { served.application.scheduler.statistics.queued.values.reduce(0, +) == 1 })
        leaver = nil
        // The server sees the close; the queued render is dropped when the worker comes free.
        usleep(100_000)
        release.signal()
        #expect(try holder.readResponse().status == 200)
        #expect(eventually { served.application.scheduler.statistics.dropped == 1 })
        #expect(render.count == 1)
        // Asked again, the dropped image renders afresh.
        release.signal()
        #expect(try served.exchange("/render?size=120").status == 200)
        #expect(render.count == 2)
    }

    @Test func aRenderTwoClientsWaitForStillRunsWhenOneLeaves() throws {
        let (served, render, release, holder) = try servedWithTheWorkerHeld()
        var first: PipelinedClient? = try PipelinedClient(port: served.port)
        let second = try PipelinedClient(port: served.port)
        try first?.send(["/render?size=130"])
        try second.send(["/render?size=130"])
        #expect(eventually { served.application.cache.statistics.misses == 3 })
        first = nil
        usleep(100_000)
        release.signal()
        release.signal()
        #expect(try holder.readResponse().status == 200)
        // The client that stayed gets the one render both asked for.
        #expect(try second.readResponse().status == 200)
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
        #expect(eventually { render.count == 1 })
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
        // A render sleeps two microseconds per pixel: the large ones (1.5 megapixels) take 3 s each.
        let finished = Locked([String]())
        let app = ReliefApplication.forTesting(
            renders: { $0.workers = 1 },
            render: { spec, _, _ in
                let (width, height) = spec.pixelSize
                usleep(UInt32(2 * width * height))
                finished.withLock { $0.append(width * height > 1_000_000 ? "large" : "small") }
                return RenderCache.Entry(bytes: Array(spec.canonicalQuery.utf8), renderDuration: .zero, encodeDuration: .zero)
            })
        let large = (0..<2).map { PendingResponse(app, "/render?component=card&width=300&height=300&scale=4&margin=\($0)") }
        #expect(eventually { app.scheduler.statistics.running[.large] == 1 })
        let small = (0..<5).map { PendingResponse(app, "/render?size=\(20 + $0)&margin=0") }
        for response in small + large { #expect(await response.value.status == 200) }
        // Loose: the small renders overtook both large ones, the first of which was already running.
        #expect(finished.withLock { $0 } == ["small", "small", "small", "small", "small", "large", "large"])
    }
}
