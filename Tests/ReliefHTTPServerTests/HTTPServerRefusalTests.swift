import Testing

@testable import ReliefHTTPServer

/// The server's own refusals over a real connection: answered, logged, closed, never handed to the
/// handler. Which heads are refused with which status is `RequestHeadParserTests`' business.
@Suite("HTTPServer: requests the server refuses itself")
struct HTTPServerRefusalTests {
    /// Sends `request` on a fresh connection and expects `status` followed by the connection closing.
    private func expectRefusal(
        _ request: String, status: Int, server: RunningServer? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let running = try server ?? RunningServer()
        let client = try running.connect()
        try client.send(request)
        let response = try client.readResponse()
        #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
        #expect(response.header("Connection") == "close", sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8", sourceLocation: sourceLocation)
        #expect(client.waitForClose(), sourceLocation: sourceLocation)
        #expect(running.handler.recorder.requests.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func requestLineOverTheLimitIsRefusedBeforeItEnds() throws {
        let running = try RunningServer { $0.maxRequestLineBytes = 64 }
        try expectRefusal("GET /" + String(repeating: "a", count: 200), status: 414, server: running)
    }

    @Test func binaryInputIsRefusedWithoutWaitingForALineEnd() throws {
        try expectRefusal("\u{16}\u{3}\u{1}\u{2}\u{0}", status: 400)
    }

    @Test(arguments: ["HTTP/0.9", "HTTP/2.0"])
    func anotherMajorVersionIs505(version: String) throws {
        try expectRefusal("GET / \(version)\r\nHost: test\r\n\r\n", status: 505)
    }

    @Test func bodyWithContentLengthIs413WithoutReadingIt() throws {
        try expectRefusal(
            requestText("/upload", method: "POST", headers: "Content-Length: 100000\r\n") + "only part of it", status: 413)
    }

    @Test func refusalsAreLoggedWithWhatWasRead() throws {
        let running = try RunningServer()
        try expectRefusal(requestText("/upload", method: "POST", headers: "Content-Length: 3\r\n"), status: 413, server: running)
        let entry = try #require(running.logs.accessLog.first)
        #expect(entry.method == "POST")
        #expect(entry.target == "/upload")
        #expect(entry.status == 413)
        #expect(entry.note == nil)
    }
}
