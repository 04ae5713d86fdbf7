import Foundation
import Testing
@testable import ReliefHTTPServer

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

    @Test(arguments: [100, 1_000])
    func aLongPipelineIsAnsweredWholeAndInOrderOneRequestAtATime(length: Int) throws {
        let running = try RunningServer()
        let client = try running.connect()
        // Some answered later from another thread, so an early next request would overlap them.
        let targets = (0..<length).map { $0 % 3 == 0 ? "/delay/1?n=\($0)" : "/n/\($0)" }
        try client.send(targets.map { requestText($0) }.joined())
        let bodies = try targets.map { _ in try client.readResponse().text }
        #expect(bodies == targets.map { "GET \($0)" })
        #expect(running.handler.inFlight.most == 1)
    }

    @Test func http10ClosesAfterTheResponse() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send("GET /old HTTP/1.0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.text == "GET /old")
        #expect(response.header("Connection") == "close")
        #expect(client.waitForClose())
    }

    @Test func http10KeepsTheConnectionWhenAsked() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let first = try client.readResponse()
        #expect(first.header("Connection") == "keep-alive")
        try client.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try client.readResponse().text == "GET /b")
    }

    /// A higher HTTP/1.x minor version is served as HTTP/1.1: answered with HTTP/1.1's status line
    /// (``TestClient/readHead()`` accepts no other) and kept alive.
    @Test func http12IsAnsweredAsHTTP11() throws {
        let running = try RunningServer()
        let client = try running.connect()
        for target in ["/first", "/second"] {
            try client.send("GET \(target) HTTP/1.2\r\nHost: test\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.text == "GET \(target)")
            #expect(response.header("Connection") == nil)
        }
        #expect(running.handler.recorder.requests.map(\.minorVersion) == [1, 1])
    }

    @Test func connectionCloseIsHonoured() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/last", headers: "Connection: close\r\n") + requestText("/ignored"))
        let response = try client.readResponse()
        #expect(response.text == "GET /last")
        #expect(response.header("Connection") == "close")
        #expect(client.waitForClose())
        #expect(client.unreadBytes.isEmpty)
        #expect(running.handler.recorder.requests.map(\.target) == ["/last"])
    }

    @Test func headSendsContentLengthButNoBody() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/bytes/1234", method: "HEAD") + requestText("/after"))
        let head = try client.readResponse(bodyExpected: false)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "1234")
        // The next bytes on the wire are the next response, so HEAD sent no body.
        #expect(try client.readResponse().text == "GET /after")
        #expect(running.logs.waitForAccessLog(count: 2))
        #expect(running.logs.accessLog.first?.bodyBytes == 0)
    }

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

    @Test func responsesCarryDateAndContentLength() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/x"))
        let response = try client.readResponse()
        #expect(response.header("Content-Length") == "6")
        let date = try #require(response.header("Date"))
        #expect(date.range(of: #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$"#,
                           options: .regularExpression) != nil)
    }

    @Test func accessLogReportsEachResponse() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/bytes/10?a=1") + requestText("/missing", method: "HEAD"))
        _ = try client.readResponse()
        _ = try client.readResponse(bodyExpected: false)
        #expect(running.logs.waitForAccessLog(count: 2))
        let entries = running.logs.accessLog
        #expect(entries.map(\.method) == ["GET", "HEAD"])
        #expect(entries.map(\.target) == ["/bytes/10?a=1", "/missing"])
        #expect(entries.map(\.path) == ["/bytes/10", "/missing"])
        #expect(entries.map(\.status) == [200, 200])
        #expect(entries.map(\.bodyBytes) == [10, 0])
        #expect(entries.allSatisfy { $0.remoteAddress == "127.0.0.1" && $0.duration >= .zero })
    }
}
