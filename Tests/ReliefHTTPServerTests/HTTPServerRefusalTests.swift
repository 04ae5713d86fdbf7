import Testing
@testable import ReliefHTTPServer

@Suite("HTTPServer: requests the server refuses itself")
struct HTTPServerRefusalTests {
    /// Sends `request` on a fresh connection and expects `status` followed by the connection closing.
    private func expectRefusal(_ request: String, status: Int, server: RunningServer? = nil,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
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

    @Test func requestLineOverTheLimitIs414() throws {
        let running = try RunningServer { $0.maxRequestLineBytes = 64 }
        try expectRefusal(requestText("/" + String(repeating: "a", count: 80)), status: 414, server: running)
    }

    @Test func requestLineOverTheLimitIsRefusedBeforeItEnds() throws {
        let running = try RunningServer { $0.maxRequestLineBytes = 64 }
        try expectRefusal("GET /" + String(repeating: "a", count: 200), status: 414, server: running)
    }

    @Test func headerBytesOverTheLimitAre431() throws {
        let running = try RunningServer { $0.maxHeaderBytes = 256 }
        try expectRefusal(requestText("/", headers: "X-Big: \(String(repeating: "b", count: 300))\r\n"), status: 431, server: running)
    }

    @Test func tooManyHeadersAre431() throws {
        let running = try RunningServer { $0.maxHeaderCount = 5 }
        let headers = (1...5).map { "X-\($0): v\r\n" }.joined()  // plus Host: six in all
        try expectRefusal(requestText("/", headers: headers), status: 431, server: running)
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET /\r\nHost: test\r\n\r\n",
        "GET / HTTP/1.1 extra\r\nHost: test\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: test\r\n\r\n",
        "GET / http/1.1\r\nHost: test\r\n\r\n",
        "GET / HTTP/1\r\nHost: test\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: test\r\n\r\n",
        "GET /\u{1}x HTTP/1.1\r\nHost: test\r\n\r\n",
        "\u{16}\u{3}\u{1}\u{2}\u{0}",
        "GET / HTTP/1.1\nHost: test\n\n",
    ])
    func malformedRequestLinesAre400(request: String) throws {
        try expectRefusal(request, status: 400)
    }

    @Test func otherMajorVersionsAre505() throws {
        try expectRefusal("GET / HTTP/2.0\r\nHost: test\r\n\r\n", status: 505)
    }

    @Test(arguments: [
        "X-Folded: a\r\n continued\r\n",
        "X-Space : a\r\n",
        "X-Nul: a\u{0}b\r\n",
        "X-Cr: a\rb\r\n",
        "Bad Name: a\r\n",
        ": empty-name\r\n",
        "Host: second\r\n",
    ])
    func malformedHeadersAre400(header: String) throws {
        try expectRefusal(requestText("/", headers: header), status: 400)
    }

    @Test func http11WithoutHostIs400() throws {
        try expectRefusal("GET / HTTP/1.1\r\n\r\n", status: 400)
    }

    @Test func anyTokenMethodReachesTheHandler() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/x", method: "get") + requestText("/y", method: "BREW"))
        #expect(try client.readResponse().text == "get /x")
        #expect(try client.readResponse().text == "BREW /y")
    }

    @Test func bodyWithContentLengthIs413WithoutReadingIt() throws {
        try expectRefusal(requestText("/upload", method: "POST", headers: "Content-Length: 100000\r\n") + "only part of it", status: 413)
    }

    @Test func zeroContentLengthIsAccepted() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/empty", method: "POST", headers: "Content-Length: 0\r\n"))
        #expect(try client.readResponse().text == "POST /empty")
    }

    @Test func transferEncodingIsRefused() throws {
        try expectRefusal(requestText("/upload", method: "POST", headers: "Transfer-Encoding: chunked\r\n") + "5\r\nhello\r\n0\r\n\r\n", status: 501)
        try expectRefusal("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400)
        try expectRefusal(requestText("/", method: "POST", headers: "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n"), status: 400)
    }

    @Test func invalidContentLengthIs400() throws {
        try expectRefusal(requestText("/", headers: "Content-Length: -1\r\n"), status: 400)
        try expectRefusal(requestText("/", headers: "Content-Length: 0\r\nContent-Length: 5\r\n"), status: 400)
    }

    @Test func expectContinueIsRefused() throws {
        try expectRefusal(requestText("/", method: "PUT", headers: "Expect: 100-continue\r\n"), status: 417)
    }

    @Test func slowRequestHeadIsAnswered408() throws {
        let running = try RunningServer { $0.headerReadTimeout = .milliseconds(300) }
        let client = try running.connect()
        let start = ContinuousClock.now
        try client.send("GET /slow HTTP/1.1\r\nHost: te")
        let response = try client.readResponse()
        #expect(response.status == 408)
        #expect(client.waitForClose())
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(running.handler.recorder.requests.isEmpty)
    }

    @Test func silentConnectionIsClosedAfterTheHeaderTimeout() throws {
        let running = try RunningServer { $0.headerReadTimeout = .milliseconds(300) }
        let client = try running.connect()
        #expect(client.waitForClose())
        #expect(client.unreadBytes.isEmpty)
    }

    @Test func refusalsAreLoggedWithWhatWasRead() throws {
        let running = try RunningServer()
        try expectRefusal(requestText("/upload", method: "POST", headers: "Content-Length: 3\r\n"), status: 413, server: running)
        let entry = try #require(running.logs.accessLog.first)
        #expect(entry.method == "POST")
        #expect(entry.target == "/upload")
        #expect(entry.status == 413)
    }
}
