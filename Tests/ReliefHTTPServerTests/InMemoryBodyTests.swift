import Testing

@testable import HTTPServerTestSupport
@testable import ReliefHTTPServer

/// Request bodies over ``MemoryTransport``: framed by `Content-Length` within the limit, read whole
/// however they arrive, `100 Continue`, and the refusals and timeouts of bodies that do not come.
/// Which heads announce which body is `RequestHeadParserTests`' business.
@Suite("HTTPServer in memory: request bodies")
struct InMemoryBodyTests {
    /// The text of a `POST` to `target` whose `Content-Length` announces `body`, then the body.
    private func post(_ target: String, body: String, headers: String = "") -> String {
        requestText(target, method: "POST", headers: "Content-Length: \(body.utf8.count)\r\n" + headers) + body
    }

    /// Sends `request` on a fresh connection and expects a refusal of `status` whose message contains
    /// `message`, `Connection: close`, the end of the connection, and nothing handed to the handler.
    private func expectRefusal(
        _ request: String, status: Int, message: String, on server: ScriptedMemoryServer = ScriptedMemoryServer(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let client = server.connect()
        client.send(request)
        let response = client.readResponse()
        #expect(response?.status == status, "\(response?.text ?? "no response")", sourceLocation: sourceLocation)
        #expect(response?.text.contains(message) == true, "\(response?.text ?? "no response")", sourceLocation: sourceLocation)
        #expect(response?.header("Connection") == "close", sourceLocation: sourceLocation)
        #expect(client.hasSeenTheEnd, sourceLocation: sourceLocation)
        #expect(server.handler.recorder.requests.isEmpty, sourceLocation: sourceLocation)
    }

    // MARK: Delivered whole

    @Test func aBodyArrivingByteByByteIsDeliveredWholeOnceItsLastByteIsIn() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        let request = Array(post("/upload", body: "hello, body").utf8)
        for byte in request.dropLast() {
            client.send(String(decoding: [byte], as: UTF8.self))
        }
        #expect(server.handler.recorder.requests.isEmpty)
        #expect(client.readResponses().isEmpty)
        client.send("y")
        #expect(client.readResponses().map(\.text) == ["POST /upload hello, body"])
        #expect(server.handler.recorder.requests.map { String(decoding: $0.body, as: UTF8.self) } == ["hello, body"])
        #expect(!client.hasSeenTheEnd)
    }

    /// The bytes after a body are the next request's, even when the body looks like a request.
    @Test func theRequestsPipelinedBehindABodyAreAnsweredInOrder() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        let smuggled = requestText("/smuggled")
        client.send(post("/a", body: smuggled) + requestText("/held") + post("/b", body: "xyz") + requestText("/c"))
        #expect(server.handler.recorder.requests.map(\.target) == ["/a", "/held"])
        server.handler.held.releaseAll()
        server.settle()
        #expect(client.readResponses().map(\.text) == ["POST /a \(smuggled)", "GET /held", "POST /b xyz", "GET /c"])
        #expect(server.handler.recorder.requests.map(\.body.count) == [smuggled.utf8.count, 0, 3, 0])
        #expect(server.handler.inFlight.most == 1)
    }

    @Test func aGETsBodyIsReadAndHandedOnLikeAnyOther() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/a", headers: "Content-Length: 4\r\n") + "body" + requestText("/b"))
        #expect(client.readResponses().map(\.text) == ["GET /a body", "GET /b"])
    }

    @Test func aBodyOfExactlyTheLimitIsRead() {
        let server = ScriptedMemoryServer { $0.maxRequestBodyBytes = 10 }
        let client = server.connect()
        client.send(post("/upload", body: "0123456789"))
        #expect(client.readResponses().map(\.text) == ["POST /upload 0123456789"])
    }

    // MARK: Refused

    @Test func aBodyOverTheLimitIs413NamingItBeforeAnyOfItIsRead() {
        let server = ScriptedMemoryServer()
        expectRefusal(
            requestText("/upload", method: "POST", headers: "Content-Length: 16385\r\n") + "only part of it", status: 413,
            message: "at most 16384 bytes", on: server)
        #expect(server.logs.accessLog.map(\.status) == [413])
        #expect(server.logs.accessLog.first?.target == "/upload")
    }

    @Test func aContentLengthThatIsNotANumberIs400() {
        expectRefusal(
            requestText("/upload", method: "POST", headers: "Content-Length: ten\r\n") + "0123456789", status: 400,
            message: "Content-Length must be one decimal number")
    }

    @Test func aChunkedBodyIs411() {
        expectRefusal(
            requestText("/upload", method: "POST", headers: "Transfer-Encoding: chunked\r\n") + "5\r\nhello\r\n0\r\n\r\n",
            status: 411, message: "send the body with a Content-Length")
    }

    // MARK: Bodies that do not come

    @Test func aClientThatStopsMidBodyIsAnswered408WithinTheHeaderTimeoutOfItsHead() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/slow", method: "POST", headers: "Content-Length: 10\r\n"))
        server.advance(by: .milliseconds(600))
        // More of the body does not extend the time: the head and its body share it.
        client.send("01234")
        server.advance(by: .milliseconds(350))
        #expect(client.readResponses().isEmpty)
        server.advance(by: .milliseconds(150))
        let response = client.readResponse()
        #expect(response?.status == 408)
        #expect(response?.text.contains("Request body not received completely within 1 s") == true)
        #expect(server.logs.accessLog.map { "\($0.method) \($0.target) \($0.status)" } == ["POST /slow 408"])
        #expect(server.handler.recorder.requests.isEmpty)
        // It lingers for the client to read the answer, then closes.
        #expect(client.hasSeenTheEnd && !client.isClosed)
        server.advance(by: .milliseconds(600))
        #expect(client.isClosed)
    }

    @Test func aFINMidBodyIsAnswered400ThenClosed() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/cut", method: "POST", headers: "Content-Length: 10\r\n") + "01234")
        client.finish()
        let response = client.readResponse()
        #expect(response?.status == 400)
        #expect(response?.text.contains("before the 10 bytes its Content-Length announced") == true)
        #expect(server.handler.recorder.requests.isEmpty)
        #expect(client.isClosed)
    }

    @Test func aFINRightBehindAWholeBodyStillGetsTheAnswer() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.peer.toServer += Array(post("/last", body: "0123456789").utf8)
        client.finish()
        #expect(client.readResponses().map(\.text) == ["POST /last 0123456789"])
        #expect(client.isClosed)
    }

    @Test func aHalfReceivedBodyDoesNotHoldShutdown() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/half", method: "POST", headers: "Content-Length: 10\r\n") + "01234")
        server.loop.beginDraining(gracePeriod: 60_000_000_000)
        server.settle()
        #expect(client.isClosed && server.loop.isStopped)
        #expect(server.handler.recorder.requests.isEmpty)
    }

    @Test func makingRoomClosesAConnectionStillSendingItsBodyBeforeABusyOne() {
        let server = ScriptedMemoryServer()
        let sending = server.connect()
        sending.send(requestText("/half", method: "POST", headers: "Content-Length: 10\r\n") + "01234")
        let busy = server.connect()
        busy.send(requestText("/held"))
        _ = server.connect(makingRoom: true)
        #expect(sending.isClosed && !busy.isClosed)
        #expect(server.logs.dropLog.map(\.reason) == [.evictedIncompleteHead])
        server.handler.held.releaseAll()
    }

    // MARK: 100 Continue

    @Test func aClientWaitingFor100ContinueIsToldToGoOnThenAnswered() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(requestText("/upload", method: "POST", headers: "Content-Length: 5\r\nExpect: 100-continue\r\n"))
        let interim = client.readResponse()
        #expect(interim?.status == 100)
        #expect(interim?.headers.isEmpty == true)
        client.send("hello")
        #expect(client.readResponses().map(\.text) == ["POST /upload hello"])
        // The interim answer is no response of its own.
        #expect(server.logs.accessLog.map(\.status) == [200])
    }

    @Test func aClientThatSendsItsBodyWithoutWaitingGetsNo100Continue() {
        let server = ScriptedMemoryServer()
        let client = server.connect()
        client.send(post("/upload", body: "hello", headers: "Expect: 100-continue\r\n"))
        #expect(client.readResponses().map(\.status) == [200])
    }

    /// What a socket cannot take of `100 Continue` at once is sent ahead of the response, not
    /// waited for: the client sends its body when it tires of waiting.
    @Test func aPartlySent100ContinueIsFinishedAheadOfTheResponse() {
        let server = ScriptedMemoryServer()
        let client = server.connect(capacity: 10)
        client.send(requestText("/upload", method: "POST", headers: "Content-Length: 5\r\nExpect: 100-continue\r\n"))
        #expect(client.readResponse() == nil)
        #expect(String(decoding: client.unreadBytes, as: UTF8.self) == "HTTP/1.1 1")
        client.send("hello")
        #expect(client.readResponses().map(\.status) == [100, 200])
    }

    @Test func aBodyOverTheLimitIsRefusedInsteadOf100Continue() {
        expectRefusal(
            requestText("/upload", method: "POST", headers: "Content-Length: 16385\r\nExpect: 100-continue\r\n"),
            status: 413, message: "at most 16384 bytes")
    }

    @Test func anExpectationOtherThan100ContinueIs417() {
        expectRefusal(
            requestText("/upload", method: "POST", headers: "Content-Length: 5\r\nExpect: 200-ok\r\n") + "hello",
            status: 417, message: "only 100-continue")
    }
}
