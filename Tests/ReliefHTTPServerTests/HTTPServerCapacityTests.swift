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

    /// The order of eviction is `InMemoryServerTests`' business; this is the acceptor at the cap.
    @Test func atTheCapAnIdleConnectionMakesRoomForANewOne() throws {
        // One loop, which accepts too: the idle connection is seen idle before the next is accepted.
        let running = try RunningServer {
            $0.eventLoopCount = 1
            $0.maxConnections = 2
        }
        let idle = try running.connect()
        try idle.send(requestText("/warm"))
        _ = try idle.readResponse()
        let busy = try running.connect()
        try busy.send(requestText("/held"))
        #expect(running.handler.recorder.waitForRequest())
        #expect(running.handler.recorder.waitForRequest())

        let third = try running.connect()
        #expect(idle.waitForClose())
        try third.send(requestText("/third"))
        #expect(try third.readResponse().text == "GET /third")
        running.handler.held.releaseAll()
        #expect(try busy.readResponse().text == "GET /held")
        #expect(running.server.evictedConnections == 1)
        #expect(running.server.refusedConnections == 0)
        #expect(running.logs.dropLog.map(\.reason) == [.evictedIdle])
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
        let first = try running.connect()
        let second = try running.connect()
        for client in [first, second] {
            try client.send(requestText("/hello"))
            #expect(try client.readResponse().status == 200)
        }
        expectRefused(try running.connect())
        #expect(running.server.refusedConnections == 1)
        #expect(running.logs.waitForDropLog())
        #expect(running.logs.dropLog.map(\.reason) == [.perAddressLimit])

        // A connection is uncounted before its socket closes: once the client sees the close, its
        // address has room again.
        first.shutdownSending()
        #expect(first.waitForClose())
        #expect(running.server.openConnections == 1)
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
