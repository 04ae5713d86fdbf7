import Testing

@testable import ReliefHTTPServer

/// What the in-memory suite cannot show: keep-alive, partial writes and `100 Continue` through real
/// sockets and kernel buffers.
@Suite("HTTPServer: connections, keep-alive and pipelining")
struct HTTPServerConnectionTests {
    @Test func keepAliveServesTwoRequestsOnOneConnection() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/first"))
        let first = try client.readResponse()
        #expect(first.status == 200)
        #expect(first.text == "GET /first")
        #expect(first.header("Connection") == nil)
        try client.send(requestText("/second"))
        #expect(try client.readResponse().text == "GET /second")
        #expect(running.server.openConnections == 1)
    }

    /// (``TestClient/readHead()`` accepts no other) and kept alive.
    @Test func largeAndSmallBodiesArriveWholeThroughPartialWrites() throws {
        // The client stops reading while it checks each body, with the next responses waiting in
        // the kernel: checking the 3 MB one took 0.9 s in a debug build on an idle machine, and over
        // the usual 3 s write timeout under AddressSanitizer on a loaded one, so the server rightly
        // closed the connection. The timeouts here bound a hang, not the speed of either side.
        let running = try RunningServer {
            $0.writeTimeout = .seconds(60)
            $0.keepAliveIdleTimeout = .seconds(60)
        }
        let client = try running.connect(receiveBufferBytes: 4096, timeout: .seconds(60))
        let sizes = [100, 3_000_000, 5, 70_000, 0]
        try client.send(sizes.map { requestText("/bytes/\($0)") }.joined())
        for size in sizes {
            let response = try client.readResponse()
            #expect(response.body.count == size)
            #expect(response.body.allSatisfy { $0 == UInt8(ascii: "x") })
        }
        try client.send(requestText("/after"))
        #expect(try client.readResponse().text == "GET /after")
    }

    /// A client that sends its body only once told to go on, as curl does with a larger body: the
    /// interim answer leaves the server before any of the body has arrived, and the connection
    /// serves on after the final one.
    @Test func aClientWaitingFor100ContinueGetsItThenItsAnswer() throws {
        let running = try RunningServer()
        let client = try running.connect()
        let body = String(repeating: "b", count: 2_000)
        try client.send(
            requestText(
                "/upload", method: "POST", headers: "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n"))
        let interim = try client.readHead()
        #expect(interim.status == 100)
        #expect(interim.headers.isEmpty)
        try client.send(body)
        #expect(try client.readResponse().text == "POST /upload " + body)
        try client.send(requestText("/after"))
        #expect(try client.readResponse().text == "GET /after")
    }
}
