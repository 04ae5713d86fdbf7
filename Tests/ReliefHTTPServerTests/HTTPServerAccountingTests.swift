import Testing

@testable import ReliefHTTPServer

/// Every response is logged once it is handed to the kernel whole, and every request that never
/// got that far is reported with the reason.
@Suite("HTTPServer: access log and drop log")
struct HTTPServerAccountingTests {
    /// A server whose kernel buffers are small, so a 3 MB response cannot be handed over until the
    /// client reads most of it.
    private func serverWithSmallBuffers(_ adjust: (inout HTTPServer.Configuration) -> Void = { _ in }) throws -> RunningServer {
        try RunningServer {
            $0.socketSendBufferBytes = 4096
            adjust(&$0)
        }
    }

    @Test func aResponseTheClientNeverTookIsDroppedNotLogged() throws {
        let running = try serverWithSmallBuffers()
        var client: TestClient? = try running.connect(receiveBufferBytes: 4096)
        try client?.send(requestText("/bytes/3000000?gone"))
        _ = try client?.readHead()
        // Closing with unread bytes resets the connection: the server's next send fails.
        client = nil
        #expect(running.logs.waitForDropLog())
        let drop = try #require(running.logs.dropLog.first)
        #expect(drop.reason == .clientGone)
        #expect(drop.method == "GET" && drop.target == "/bytes/3000000?gone")
        #expect(running.logs.accessLog.isEmpty)
    }

    @Test func theServersOwnRefusalsAreLoggedAfterTheyAreWritten() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send("GET /x HTTP/1.1\r\nHost: a b c\r\n\r\n")
        #expect(try client.readResponse().status == 400)
        #expect(running.logs.waitForAccessLog())
        #expect(running.logs.accessLog.map(\.status) == [400])
    }
}
