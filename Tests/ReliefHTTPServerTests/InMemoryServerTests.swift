import Foundation
import Testing

@testable import HTTPServerTestSupport
@testable import ReliefHTTPServer

/// The event loop and its connections over ``MemoryTransport``: bytes in memory, time moved by the
/// test. Framing, pipelining, back-pressure, half-close, timeouts and eviction, without sockets or
/// waiting; the loopback suites keep what only real sockets show.
@Suite("HTTPServer in memory")
struct InMemoryServerTests {
    // MARK: Framing and pipelining

    @Test func aHeadArrivingByteByByteIsAnsweredOnceWhole() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        let request = Array(requestText("/split").utf8)
        for byte in request.dropLast() {
            client.send(String(decoding: [byte], as: UTF8.self))
        }
        #expect(server.handler.recorder.requests.isEmpty)
        #expect(client.readResponses().isEmpty)
        client.send("\n")
        #expect(client.readResponses().map(\.text) == ["GET /split"])
    }

    @Test func pipelinedRequestsGoToTheHandlerOneAtATimeAndAreAnsweredInOrder() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/held") + requestText("/a") + requestText("/b"))
        // The requests behind the held one wait in the input, unparsed.
        #expect(server.handler.recorder.requests.map(\.target) == ["/held"])
        server.handler.held.releaseAll()
        server.settle()
        let responses = client.readResponses()
        #expect(responses.map(\.status) == [200, 200, 200])
        #expect(responses.map(\.text) == ["GET /held", "GET /a", "GET /b"])
        #expect(server.handler.recorder.requests.map(\.target) == ["/held", "/a", "/b"])
        #expect(server.handler.inFlight.most == 1)
    }

    @Test(arguments: [100, 1_000])
    func aLongPipelineIsAnsweredWholeAndInOrderOneRequestAtATime(length: Int) {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        // Some held until the test answers them, so an early next request would overlap them.
        let targets = (0..<length).map { $0 % 3 == 0 ? "/held?n=\($0)" : "/n/\($0)" }
        client.send(targets.map { requestText($0) }.joined())
        var bodies: [String] = []
        // Each round answers at least the request held at its front; a stall ends the rounds.
        for _ in 0...length where bodies.count < length {
            server.handler.held.releaseAll()
            server.settle()
            bodies += client.readResponses().map(\.text)
        }
        #expect(bodies == targets.map { "GET \($0)" })
        #expect(server.handler.inFlight.most == 1)
    }

    @Test func http10ClosesAfterTheResponse() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send("GET /old HTTP/1.0\r\n\r\n")
        let response = client.readResponse()
        #expect(response?.text == "GET /old")
        #expect(response?.header("Connection") == "close")
        #expect(client.hasSeenTheEnd)
    }

    @Test func http10KeepsTheConnectionWhenAsked() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(client.readResponse()?.header("Connection") == "keep-alive")
        client.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(client.readResponse()?.text == "GET /b")
        #expect(!client.hasSeenTheEnd)
    }

    /// A higher HTTP/1.x minor version is served as HTTP/1.1: answered with HTTP/1.1's status line
    /// and kept alive.
    @Test func http12IsAnsweredAsHTTP11() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        for target in ["/first", "/second"] {
            client.send("GET \(target) HTTP/1.2\r\nHost: test\r\n\r\n")
            #expect(client.peer.toClient.starts(with: Array("HTTP/1.1 200 OK\r\n".utf8)))
            let response = client.readResponse()
            #expect(response?.text == "GET \(target)")
            #expect(response?.header("Connection") == nil)
        }
        #expect(server.handler.recorder.requests.map(\.minorVersion) == [1, 1])
    }

    @Test func connectionCloseIsHonoured() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/last", headers: "Connection: close\r\n") + requestText("/ignored"))
        let response = client.readResponse()
        #expect(response?.text == "GET /last")
        #expect(response?.header("Connection") == "close")
        #expect(client.hasSeenTheEnd)
        #expect(client.unreadBytes.isEmpty)
        #expect(server.handler.recorder.requests.map(\.target) == ["/last"])
    }

    @Test func headSendsContentLengthButNoBody() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/bytes/1234", method: "HEAD") + requestText("/after"))
        let head = client.readResponse(bodyExpected: false)
        #expect(head?.status == 200)
        #expect(head?.header("Content-Length") == "1234")
        // The next bytes are the next response, so HEAD sent no body.
        #expect(client.readResponse()?.text == "GET /after")
        #expect(server.logs.accessLog.map(\.bodyBytes) == [0, 10])
    }

    @Test func responsesCarryDateAndContentLength() throws {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/x"))
        let response = try #require(client.readResponse())
        #expect(response.header("Content-Length") == "6")
        let date = try #require(response.header("Date"))
        #expect(
            date.range(
                of:
                    #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$"#,
                options: .regularExpression) != nil)
    }

    @Test func accessLogReportsEachResponse() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/bytes/10?a=1") + requestText("/missing", method: "HEAD"))
        _ = client.readResponse()
        _ = client.readResponse(bodyExpected: false)
        let entries = server.logs.accessLog
        #expect(entries.map(\.method) == ["GET", "HEAD"])
        #expect(entries.map(\.target) == ["/bytes/10?a=1", "/missing"])
        #expect(entries.map(\.path) == ["/bytes/10", "/missing"])
        #expect(entries.map(\.status) == [200, 200])
        #expect(entries.map(\.bodyBytes) == [10, 0])
        #expect(entries.allSatisfy { $0.remoteAddress == "memory" && $0.duration >= .zero })
    }

    // MARK: Back-pressure

    @Test func aClientThatDoesNotReadStopsBeingRead() {
        let server = ScriptedMemoryServer()
        let client = server.connect(capacity: 10_000)
        client.send(requestText("/bytes/50000") + requestText("/after"))
        // The socket is full: the rest of the response waits, and so does the request behind it.
        #expect(client.peer.toClient.count == 10_000)
        #expect(server.handler.recorder.requests.map(\.target) == ["/bytes/50000"])
        // A response is logged once its last byte is handed over, not before.
        #expect(server.logs.accessLog.isEmpty)
        let responses = client.readResponses()
        #expect(responses.map(\.body.count) == [50_000, 10])
        #expect(server.handler.recorder.requests.map(\.target) == ["/bytes/50000", "/after"])
        #expect(server.logs.accessLog.map(\.bodyBytes) == [50_000, 10])
    }

    // MARK: Half-close

    @Test func aFINWhileTheHandlerHoldsTheLastRequestCancelsItAndTheAnswerStillGoesOut() throws {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/held"))
        client.finish()
        let request = try #require(server.handler.recorder.requests.first)
        #expect(request.cancellation.isCancelled)
        server.handler.held.releaseAll()
        server.settle()
        #expect(client.readResponses().map(\.text) == ["GET /held"])
        #expect(client.isClosed)
    }

    @Test func aFINBehindPipelinedRequestsCancelsNone() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/held") + requestText("/b"))
        client.finish()
        #expect(server.handler.recorder.requests.allSatisfy { !$0.cancellation.isCancelled })
        server.handler.held.releaseAll()
        server.settle()
        #expect(client.readResponses().map(\.text) == ["GET /held", "GET /b"])
        #expect(server.handler.recorder.requests.count == 2)
        #expect(server.handler.recorder.requests.allSatisfy { !$0.cancellation.isCancelled })
        // Nothing more can come: once the last answer is out, the connection closes.
        #expect(client.isClosed)
    }

    // MARK: Timeouts

    @Test func aHeadNotCompleteWithinTheHeaderTimeoutIsAnswered408ThenClosed() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send("GET /slow HTTP/1.1\r\n")
        server.advance(by: .milliseconds(950))
        #expect(client.readResponses().isEmpty)
        server.advance(by: .milliseconds(150))
        #expect(client.readResponses().map(\.status) == [408])
        #expect(server.logs.accessLog.map(\.status) == [408])
        #expect(!client.isClosed)
        // It lingers for the client to read the answer, then closes.
        server.advance(by: .milliseconds(600))
        #expect(client.isClosed)
    }

    @Test func keepAliveIdleTimeStartsOnlyOnceTheClientHasTakenTheResponse() {
        let server = ScriptedMemoryServer { $0.keepAliveIdleTimeout = .milliseconds(200) }
        let client = server.connect(capacity: 300_000)
        client.send(requestText("/bytes/200000"))
        // The kernel holds what the client has not read: reading it late is slow, not idle.
        server.advance(by: .seconds(1))
        #expect(!client.isClosed)
        #expect(client.readResponses().map(\.body.count) == [200_000])
        client.send(requestText("/after"))
        #expect(client.readResponses().map(\.text) == ["GET /after"])
        server.advance(by: .milliseconds(300))
        #expect(client.isClosed)
        #expect(server.logs.dropLog.isEmpty)
    }

    @Test func aClientThatStopsTakingTheResponseIsClosedAtTheWriteTimeout() {
        let server = ScriptedMemoryServer()
        let client = server.connect(capacity: 1_000)
        client.send(requestText("/bytes/100000"))
        server.advance(by: .milliseconds(2_900))
        #expect(!client.isClosed)
        server.advance(by: .milliseconds(200))
        #expect(client.isClosed)
        #expect(server.logs.dropLog.map(\.reason) == [.writeTimeout])
        #expect(server.logs.dropLog.first?.target == "/bytes/100000")
        #expect(server.logs.accessLog.isEmpty)
    }

    // MARK: Eviction

    @Test func makingRoomClosesTheLongestIdleThenTheOldestIncompleteHeadAndNeverABusyOne() {
        let server = ScriptedMemoryServer()
        let idle = server.connect()
        idle.send(requestText("/warm"))
        #expect(idle.readResponses().count == 1)
        let incomplete = server.connect()
        incomplete.send("GET /half HTTP/1.1\r\n")
        let busy = server.connect()
        busy.send(requestText("/held"))

        let first = server.connect(makingRoom: true)
        #expect(idle.isClosed && !incomplete.isClosed && !busy.isClosed)
        first.send(requestText("/held"))
        let second = server.connect(makingRoom: true)
        #expect(incomplete.isClosed && !busy.isClosed)
        second.send(requestText("/held"))
        // Everyone is being answered: the newcomer is refused instead.
        let refused = server.connect(makingRoom: true)
        #expect(refused.isClosed)
        #expect(refused.readResponses().map(\.status) == [503])
        #expect(server.counters.evictedConnections.load(ordering: .relaxed) == 2)
        #expect(server.counters.refusedConnections.load(ordering: .relaxed) == 1)
        #expect(server.logs.dropLog.map(\.reason) == [.evictedIdle, .evictedIncompleteHead, .overCapacity])
        #expect(!busy.isClosed && !first.isClosed && !second.isClosed)
        server.handler.held.releaseAll()
    }

    @Test func anEmptiedEvictionQueueLetsItsConnectionsGo() {
        let server = ScriptedMemoryServer()
        weak var older: Connection<MemoryTransport>?
        weak var newer: Connection<MemoryTransport>?
        do {
            let connections = (0..<2).map { token in
                Connection(
                    AcceptedConnection(socket: server.transport.open(capacity: 1), remoteAddress: "memory", countedAddress: nil),
                    token: UInt64(token), loop: server.loop)
            }
            (older, newer) = (connections[0], connections[1])
            var queue = EvictionQueue<MemoryTransport>()
            for connection in connections { queue.append(connection) }
            #expect(queue.first === older)
            queue.removeAll()
            #expect(queue.first == nil)
        }
        // Queued, each held the other.
        #expect(older == nil && newer == nil)
    }

    // MARK: Draining

    @Test func drainingClosesIdleConnectionsAndAnswersTheBusyOnesWithConnectionClose() {
        let server = ScriptedMemoryServer()
        let idle = server.connect()
        let busy = server.connect()
        busy.send(requestText("/held"))
        server.loop.beginDraining(gracePeriod: 1_000_000_000)
        server.settle()
        #expect(idle.isClosed && !busy.isClosed)
        server.handler.held.releaseAll()
        server.settle()
        let responses = busy.readResponses()
        #expect(responses.map(\.text) == ["GET /held"])
        #expect(responses.first?.header("Connection") == "close")
        server.advance(by: .milliseconds(600))
        #expect(busy.isClosed && server.loop.isStopped)
    }

    @Test func aHalfReceivedHeadDoesNotHoldShutdown() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send("GET /half HTTP/1.1\r\nHost: te")
        server.loop.beginDraining(gracePeriod: 60_000_000_000)
        server.settle()
        #expect(client.isClosed && server.loop.isStopped)
        #expect(server.handler.recorder.requests.isEmpty)
    }

    @Test func requestsStillUnansweredWhenTheGracePeriodEndsGet503() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/held"))
        server.loop.beginDraining(gracePeriod: 200_000_000)
        server.advance(by: .milliseconds(150))
        #expect(client.readResponses().isEmpty)
        server.advance(by: .milliseconds(100))
        let response = client.readResponses().first
        #expect(response?.status == 503)
        #expect(response?.header("Retry-After") == "1")
        #expect(response?.header("Connection") == "close")
        #expect(server.handler.recorder.requests.first?.cancellation.isCancelled == true)
        server.advance(by: .milliseconds(600))
        #expect(client.isClosed && server.loop.isStopped)
        #expect(server.logs.accessLog.map(\.status) == [503])
        #expect(server.logs.accessLog.map(\.target) == ["/held"])
        // The handler's answer after the 503 is too late, not a second answer.
        server.handler.held.releaseAll()
        #expect(server.logs.errorLog.isEmpty)
        #expect(server.logs.dropLog.isEmpty)
    }

    @Test func aResponseStillUnsentAfterTheGracePeriodIsReportedDroppedByShutdown() {
        let server = ScriptedMemoryServer { $0.shutdownClosingTime = .milliseconds(100) }
        let client = server.connect(capacity: 1_000)
        client.send(requestText("/bytes/100000"))
        server.loop.beginDraining(gracePeriod: 100_000_000)
        server.advance(by: .milliseconds(150))
        #expect(!client.isClosed)
        server.advance(by: .milliseconds(150))
        #expect(client.isClosed && server.loop.isStopped)
        #expect(server.logs.dropLog.map(\.reason) == [.shutdown])
        #expect(server.logs.accessLog.isEmpty)
    }
}
