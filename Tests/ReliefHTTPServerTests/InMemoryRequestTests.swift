import Testing

@testable import HTTPServerTestSupport
@testable import ReliefHTTPServer

/// What becomes of single requests over ``MemoryTransport``: the server's own refusals, targets
/// and `Host`, responses that could corrupt the stream, cancellation, and what the logs say. Which
/// heads are refused with which status is `RequestHeadParserTests`' business.
@Suite("HTTPServer in memory: refusals, targets, cancelling, logs")
struct InMemoryRequestTests {
    // MARK: Refusals

    /// Sends `request` on a fresh connection and expects `status`, `Connection: close`, the end of
    /// the connection, and nothing handed to the handler.
    private func expectRefusal(
        _ request: String, status: Int, on server: ScriptedMemoryServer = ScriptedMemoryServer(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let client = server.connect()
        client.send(request)
        let response = client.readResponse()
        #expect(response?.status == status, "\(response?.text ?? "no response")", sourceLocation: sourceLocation)
        #expect(response?.header("Connection") == "close", sourceLocation: sourceLocation)
        #expect(response?.header("Content-Type") == "text/plain; charset=utf-8", sourceLocation: sourceLocation)
        #expect(client.hasSeenTheEnd, sourceLocation: sourceLocation)
        #expect(server.handler.recorder.requests.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func requestLineOverTheLimitIsRefusedBeforeItEnds() {
        expectRefusal(
            "GET /" + String(repeating: "a", count: 200), status: 414, on: ScriptedMemoryServer { $0.maxRequestLineBytes = 64 })
    }

    @Test func binaryInputIsRefusedWithoutWaitingForALineEnd() {
        expectRefusal("\u{16}\u{3}\u{1}\u{2}\u{0}", status: 400)
    }

    @Test(arguments: ["HTTP/0.9", "HTTP/2.0"])
    func anotherMajorVersionIs505(version: String) {
        expectRefusal("GET / \(version)\r\nHost: test\r\n\r\n", status: 505)
    }

    @Test func refusalsAreLoggedWithWhatWasReadOnceTheyAreWritten() {
        let server = ScriptedMemoryServer()
        let client = server.connect(capacity: 20)
        client.send(requestText("/upload", method: "POST", headers: "Content-Length: 99999\r\n"))
        // Not all of it is handed to the kernel yet: not logged yet.
        #expect(server.logs.accessLog.isEmpty)
        #expect(client.readResponse()?.status == 413)
        let entry = server.logs.accessLog.first
        #expect(entry?.method == "POST")
        #expect(entry?.target == "/upload")
        #expect(entry?.status == 413)
        #expect(entry?.note == nil)
    }

    // MARK: Targets and Host

    @Test func anAbsoluteTargetWithEncodedDotSegmentsReachesTheHandlerAsACleanPath() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send("GET http://example.com:8080/a/%2E%2e/n/./1?x=/../y HTTP/1.1\r\nHost: example.com:8080\r\n\r\n")
        #expect(client.readResponse()?.text == "GET /n/1?x=/../y")
        #expect(server.handler.recorder.requests.first?.header("Host") == "example.com:8080")
    }

    @Test(arguments: ["a b c", "evil@x", "x:99999", "x\u{7F}"])
    func anInvalidHostIs400AndNeverReachesTheHandler(host: String) {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(client.readResponse()?.status == 400)
        #expect(client.hasSeenTheEnd)
        #expect(server.handler.recorder.requests.isEmpty)
        #expect(server.logs.accessLog.map(\.status) == [400])
    }

    // MARK: Responses that could corrupt the stream

    @Test func headerValueWithCRLFNeverReachesTheWire() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/inject") + requestText("/next"))
        let response = client.readResponse()
        #expect(response?.status == 500)
        #expect(response?.header("X-Note") == nil)
        #expect(response?.header("Set-Cookie") == nil)
        #expect(response?.text.contains("injected") == false)
        // The stream is intact: the next response follows.
        #expect(client.readResponse()?.text == "GET /next")
        #expect(server.logs.errorLog.count == 1)
        #expect(server.logs.errorLog.first?.contains("GET /inject") == true)
        #expect(server.logs.accessLog.first?.status == 500)
    }

    // MARK: Cancelling

    @Test func aResetCancelsTheRequestTheHandlerHoldsAndReportsItUnanswered() throws {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/held"))
        let request = try #require(server.handler.recorder.requests.first)
        #expect(!request.cancellation.isCancelled)
        client.reset()
        #expect(request.cancellation.isCancelled)
        #expect(client.isClosed)
        #expect(server.logs.dropLog.map(\.reason) == [.clientGone])
        #expect(server.logs.dropLog.first?.target == "/held")
        // The handler still answers; the answer goes nowhere and nothing breaks.
        server.handler.held.releaseAll()
        server.settle()
        #expect(server.logs.accessLog.isEmpty && server.logs.errorLog.isEmpty)
        #expect(server.counters.openConnections.load(ordering: .relaxed) == 0)
    }

    @Test func answeredRequestsAreNeverCancelled() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/a") + requestText("/held"))
        #expect(client.readResponse()?.text == "GET /a")
        server.handler.held.releaseAll()
        server.settle()
        #expect(client.readResponse()?.text == "GET /held")
        server.advance(by: .seconds(3))
        #expect(client.isClosed)
        #expect(server.handler.recorder.requests.count == 2)
        #expect(server.handler.recorder.requests.allSatisfy { !$0.cancellation.isCancelled })
    }

    // MARK: Logs

    @Test func aResponseTheClientNeverTookIsDroppedNotLogged() {
        let server = ScriptedMemoryServer()
        let client = server.connect(capacity: 4096)
        client.send(requestText("/bytes/3000000?gone"))
        #expect(client.peer.toClient.count == 4096)
        // A client closing with bytes unread resets the connection: the server's next send fails.
        client.reset()
        #expect(client.isClosed)
        let drop = server.logs.dropLog.first
        #expect(drop?.reason == .clientGone)
        #expect(drop?.method == "GET" && drop?.target == "/bytes/3000000?gone")
        #expect(server.logs.accessLog.isEmpty)
    }
}
