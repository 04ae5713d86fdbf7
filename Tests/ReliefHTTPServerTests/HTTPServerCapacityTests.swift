import Glibc
import Testing

@testable import ReliefHTTPServer

/// No client can take every connection: at the cap the server closes what gives it least, and an
/// optional per-address limit refuses one address's excess.
@Suite("HTTPServer: connection cap, eviction and per-address limit")
struct HTTPServerCapacityTests {
    /// Expects `client` to have been refused on arrival: a bare 503 (or a reset, when the close beat
    /// the client's request), then the close.
    private func expectRefused(_ client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) {
        try? client.send(requestText("/refused"))
        if let response = try? client.readResponse() {
            #expect(response.status == 503, sourceLocation: sourceLocation)
            #expect(response.header("Connection") == "close", sourceLocation: sourceLocation)
        }
        #expect(client.waitForClose(), sourceLocation: sourceLocation)
    }

    @Test func atTheCapTheLongestIdleGoesFirstThenTheOldestIncompleteHead() throws {
        let running = try RunningServer {
            $0.eventLoopCount = 1
            $0.maxConnections = 3
        }
        let idle = try running.connect()
        try idle.send(requestText("/warm"))
        _ = try idle.readResponse()
        let olderHead = try running.connect()
        try olderHead.send("GET /older HTTP/1.1\r\n")
        #expect(eventually { running.server.evictionCandidateCounts == (1, 1) })
        let newerHead = try running.connect()
        try newerHead.send("GET /newer HTTP/1.1\r\n")
        #expect(eventually { running.server.evictionCandidateCounts == (1, 2) })

        // The fourth connection makes room by closing the idle one, and is answered.
        let busy = try running.connect()
        #expect(idle.waitForClose())
        try busy.send(requestText("/held"))
        #expect(running.handler.recorder.waitForRequest(timeout: .seconds(3)))
        #expect(running.handler.recorder.waitForRequest(timeout: .seconds(3)))

        // Nothing idle is left: the fifth closes the oldest incomplete head.
        let fifth = try running.connect()
        #expect(olderHead.waitForClose())
        try newerHead.send("Host: test\r\n\r\n")
        #expect(try newerHead.readResponse().text == "GET /newer")
        try fifth.send(requestText("/fifth"))
        #expect(try fifth.readResponse().text == "GET /fifth")
        running.handler.held.releaseAll()
        #expect(try busy.readResponse().text == "GET /held")

        #expect(running.server.evictedConnections == 2)
        #expect(running.server.refusedConnections == 0)
        #expect(running.logs.dropLog.map(\.reason) == [.evictedIdle, .evictedIncompleteHead])
        #expect(running.logs.dropLog.allSatisfy { $0.remoteAddress == "127.0.0.1" && $0.target.isEmpty })
    }

    @Test func whenEveryConnectionIsAnsweringANewOneIsRefused503AndLogged() throws {
        let running = try RunningServer { $0.maxConnections = 2 }
        let clients = try (0..<2).map { _ in try running.connect() }
        for client in clients { try client.send(requestText("/held")) }
        for _ in clients { #expect(running.handler.recorder.waitForRequest()) }

        let extra = try running.connect()
        expectRefused(extra)
        #expect(running.server.refusedConnections == 1)
        #expect(running.logs.waitForDropLog())
        #expect(running.logs.dropLog.map(\.reason) == [.overCapacity])
        // The bare 503 went to the kernel whole, so it is in the access log.
        #expect(running.logs.waitForAccessLog())
        #expect(running.logs.accessLog.map(\.status) == [503])

        running.handler.held.releaseAll()
        for client in clients { #expect(try client.readResponse().text == "GET /held") }
        #expect(!running.handler.recorder.requests.contains { $0.target == "/refused" })
    }

    @Test func anAddressAtItsLimitIsRefusedUntilOneOfItsConnectionsCloses() throws {
        let running = try RunningServer { $0.maxConnectionsPerAddress = 2 }
        var first: TestClient? = try running.connect()
        let second = try running.connect()
        for client in [first!, second] {
            try client.send(requestText("/hello"))
            #expect(try client.readResponse().status == 200)
        }
        expectRefused(try running.connect())
        #expect(running.server.refusedConnections == 1)
        #expect(running.logs.waitForDropLog())
        #expect(running.logs.dropLog.map(\.reason) == [.perAddressLimit])

        first = nil
        #expect(eventually { running.server.openConnections == 1 })
        let third = try running.connect()
        try third.send(requestText("/third"))
        #expect(try third.readResponse().text == "GET /third")
        #expect(running.server.evictedConnections == 0)
    }

    @Test func acceptedSocketsGetTheConfiguredSendBuffer() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        Acceptor.configure(pair[0], sendBufferBytes: 64 * 1024)
        var size: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, &length)
        // Linux doubles the value asked for, to leave room for its own bookkeeping.
        #expect(size == 2 * 64 * 1024)
    }
}
