import Testing

@testable import ReliefHTTPServer

/// Request targets and `Host` over a real connection; the parser's tests cover every form.
@Suite("HTTPServer: request targets and Host")
struct HTTPServerTargetTests {
    @Test func anAbsoluteTargetWithEncodedDotSegmentsReachesTheHandlerAsACleanPath() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send("GET http://example.com:8080/a/%2E%2e/n/./1?x=/../y HTTP/1.1\r\nHost: example.com:8080\r\n\r\n")
        #expect(try client.readResponse().text == "GET /n/1?x=/../y")
        #expect(running.handler.recorder.requests.first?.header("Host") == "example.com:8080")
    }

    @Test(arguments: ["a b c", "evil@x", "x:99999", "x\u{7F}"])
    func anInvalidHostIs400AndNeverReachesTheHandler(host: String) throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        #expect(try client.readResponse().status == 400)
        #expect(client.waitForClose())
        #expect(running.handler.recorder.requests.isEmpty)
    }
}
