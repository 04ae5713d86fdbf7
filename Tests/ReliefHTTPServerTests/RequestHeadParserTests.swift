import Testing

@testable import ReliefHTTPServer

@Suite("RequestHeadParser")
struct RequestHeadParserTests {
    private let limits = RequestHeadParser.Limits(
        maxRequestLineBytes: 64, maxHeaderBytes: 128, maxHeaderCount: 4, maxBodyBytes: 100)

    /// Feeds `text` to a parser `chunkSize` bytes at a time, as a slow client would send it.
    private func parse(_ text: String, chunkSize: Int = .max) -> RequestHeadParser.Step {
        var parser = RequestHeadParser(limits: limits)
        let bytes = Array(text.utf8)
        var end = 0
        while true {
            end = min(bytes.count, end + min(chunkSize, bytes.count))
            let step = bytes[..<end].withUnsafeBufferPointer { parser.parse($0) }
            if case .needMore = step, end < bytes.count { continue }
            return step
        }
    }

    @Test func readsMethodTargetVersionAndTrimmedHeaders() throws {
        let text = "\r\nGET /render?style=dark HTTP/1.1\r\nHost: example\r\nX-Spaces: \t padded value \t\r\n\r\nNEXT"
        for chunkSize in [1, 3, 7, .max] {
            guard case let .complete(head, consumed) = parse(text, chunkSize: chunkSize) else {
                Issue.record("chunks of \(chunkSize): not complete")
                continue
            }
            #expect(consumed == text.utf8.count - 4)
            #expect(head.request.method == "GET")
            #expect(head.request.path == "/render")
            #expect(head.request.query == "style=dark")
            #expect(head.request.minorVersion == 1)
            #expect(head.request.header("x-spaces") == "padded value")
            #expect(head.keepAlive)
        }
    }

    @Test func keepAliveFollowsVersionAndConnectionTokens() throws {
        func keepAlive(_ text: String) -> Bool? {
            if case let .complete(head, _) = parse(text) { head.keepAlive } else { nil }
        }
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: a\r\n\r\n") == true)
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, CLOSE\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n") == true)
    }

    @Test func incompleteHeadsAskForMore() {
        for text in [
            "", "GET / HTTP/1.1", "GET / HTTP/1.1\r", "GET / HTTP/1.1\r\nHost: a\r\n", "GET / HTTP/1.1\r\nHost: a\r\n\r",
        ] {
            guard case .needMore = parse(text) else {
                Issue.record("\(text.debugDescription) was not incomplete")
                continue
            }
        }
    }

    @Test func limitsApplyWhetherTheHeadArrivesWholeOrInPieces() {
        let longLine = "GET /" + String(repeating: "a", count: 70) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        let bigHeaders = "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "b", count: 130) + "\r\n\r\n"
        let manyHeaders = "GET / HTTP/1.1\r\n" + (0..<5).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        for chunkSize in [1, 5, .max] {
            #expect(parse(longLine, chunkSize: chunkSize).rejection?.status == 414)
            #expect(parse(bigHeaders, chunkSize: chunkSize).rejection?.status == 431)
            #expect(parse(manyHeaders, chunkSize: chunkSize).rejection?.status == 431)
        }
    }

    @Test func rejectionsCarryTheRequestLineForTheLog() {
        let rejection = parse("POST /form HTTP/1.1\r\nHost: a\r\nContent-Length: 101\r\n\r\n").rejection
        #expect(rejection?.status == 413)
        #expect(rejection?.method == "POST")
        #expect(rejection?.target == "/form")
    }

    @Test func strayEmptyLinesBeforeTheRequestLineAreLimited() {
        #expect(parse(String(repeating: "\r\n", count: 5) + "GET / HTTP/1.1\r\n").rejection?.status == 400)
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
    func malformedRequestLinesAre400(request: String) {
        #expect(parse(request).rejection?.status == 400)
    }

    /// RFC 9110 §2.5: a message of a major version the server implements (1) with a higher minor
    /// version than it implements is processed as the highest minor version it conforms to (1.1).
    @Test(arguments: [("HTTP/1.0", 0), ("HTTP/1.1", 1), ("HTTP/1.2", 1), ("HTTP/1.9", 1)])
    func http1VersionsAreServedAsTheirMinorVersionAtMost1(version: String, minorVersion: Int) {
        guard case let .complete(head, _) = parse("GET /x \(version)\r\nHost: test\r\n\r\n") else {
            Issue.record("\(version) was not accepted")
            return
        }
        #expect(head.request.minorVersion == minorVersion)
        #expect(head.keepAlive == (minorVersion == 1))
    }

    /// Served as HTTP/1.1, a higher minor version gets HTTP/1.1's rules, not HTTP/1.0's.
    @Test(arguments: ["HTTP/1.2", "HTTP/1.9"])
    func aHigherHTTP1MinorVersionFollowsHTTP11sRules(version: String) {
        #expect(parse("GET / \(version)\r\n\r\n").rejection?.status == 400, "Host is required")
        #expect(parse("POST / \(version)\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n").rejection?.status == 411)
        guard case let .complete(head, _) = parse("GET / \(version)\r\nHost: test\r\nConnection: close\r\n\r\n") else {
            Issue.record("\(version) with Connection: close was not accepted")
            return
        }
        #expect(!head.keepAlive)
    }

    /// RFC 9110 §15.6.6: 505 for a major version the server does not support.
    @Test(arguments: ["HTTP/0.9", "HTTP/2.0", "HTTP/3.0", "HTTP/9.9"])
    func otherMajorVersionsAre505(version: String) throws {
        let rejection = try #require(parse("GET /x \(version)\r\nHost: test\r\n\r\n").rejection)
        #expect(rejection.status == 505)
        #expect(rejection.message.contains("only HTTP/1.x is accepted"))
        #expect(rejection.method == "GET" && rejection.target == "/x")
    }

    /// RFC 9112 §2.3: `HTTP-version = "HTTP" "/" DIGIT "." DIGIT`, case-sensitive; anything else is no version.
    @Test(arguments: ["HTTP/1.10", "HTTP/11.1", "HTTP/2", "HTTP/1.", "HTTP/1.x", "HTTP/a.1", "HTTP/1,1", "HTTPS/1.1", "Http/1.1"])
    func versionsOutsideTheGrammarAre400(version: String) {
        #expect(parse("GET / \(version)\r\nHost: test\r\n\r\n").rejection?.status == 400)
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
    func malformedHeadersAre400(header: String) {
        #expect(parse(requestText("/", headers: header)).rejection?.status == 400)
    }

    @Test func http11WithoutHostIs400() {
        #expect(parse("GET / HTTP/1.1\r\n\r\n").rejection?.status == 400)
    }

    @Test func anyTokenMethodIsPassedOnInTheCaseSent() {
        for method in ["get", "BREW"] {
            guard case let .complete(head, _) = parse(requestText("/x", method: method)) else {
                Issue.record("\(method) was not accepted")
                continue
            }
            #expect(head.request.method == method)
        }
    }

    @Test func aBodyMustBeFramedByContentLengthWithinTheLimit() {
        func status(_ headers: String, method: String = "POST") -> Int? {
            parse(requestText("/", method: method, headers: headers)).rejection?.status
        }
        // Chunked is understood but refused: the server wants the length first (RFC 9112 §6.3).
        #expect(status("Transfer-Encoding: chunked\r\n") == 411)
        #expect(status("Transfer-Encoding: CHUNKED \r\n") == 411)
        // A coding the server does not implement (RFC 9112 §6.1).
        #expect(status("Transfer-Encoding: gzip, chunked\r\n") == 501)
        #expect(status("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n") == 501)
        // No way to find the body's end (RFC 9112 §6.3).
        #expect(status("Transfer-Encoding: chunked, gzip\r\n") == 400)
        #expect(status("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n") == 400)
        #expect(status("Transfer-Encoding: \r\n") == 400)
        #expect(parse("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n").rejection?.status == 400)
        #expect(status("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n") == 400)
        #expect(status("Content-Length: -1\r\n", method: "GET") == 400)
        #expect(status("Content-Length: 5x\r\n") == 400)
        #expect(status("Content-Length: 0\r\nContent-Length: 5\r\n", method: "GET") == 400)
        #expect(status("Content-Length: 101\r\n") == 413)
        #expect(status("Content-Length: 99999999999999999999999999\r\n") == 413)
        #expect(status("Expect: 100-continue, fancy\r\nContent-Length: 5\r\n") == 417)
        #expect(status("Expect: fancy\r\n", method: "GET") == 417)
    }

    @Test func aHeadSaysHowLongItsBodyIsAndWhetherItsClientWaitsFor100Continue() {
        /// The body's length, and "waits" when the client waits for `100 Continue`; nil if refused.
        func body(_ text: String) -> String? {
            guard case let .complete(head, consumed) = parse(text + "body bytes") else { return nil }
            #expect(consumed == text.utf8.count, "the body is not part of the head")
            return "\(head.bodyLength)" + (head.waitsForContinue ? " waits" : "")
        }
        func body(headers: String, method: String = "POST") -> String? {
            body(requestText("/", method: method, headers: headers))
        }
        #expect(body(headers: "", method: "GET") == "0")
        #expect(body(headers: "Content-Length: 0\r\n") == "0")
        #expect(body(headers: "Content-Length: 100\r\n") == "100")
        #expect(body(headers: "Content-Length: 7\r\ncontent-length: 7\r\n") == "7")
        // A GET's body is read like any other; what it means is the handler's business.
        #expect(body(headers: "Content-Length: 5\r\n", method: "GET") == "5")
        #expect(body(headers: "Expect: 100-Continue\r\nContent-Length: 5\r\n") == "5 waits")
        // Without a body there is nothing to wait for; HTTP/1.0's expectation is ignored (RFC 9110 §10.1.1).
        #expect(body(headers: "Expect: 100-continue\r\nContent-Length: 0\r\n") == "0")
        #expect(body("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n") == "5")
    }

    // MARK: Targets and Host

    /// The request the handler would get for `text`, or nil when the head is not complete.
    private func request(_ text: String) -> HTTPRequest? {
        if case let .complete(head, _) = parse(text) { head.request } else { nil }
    }

    @Test func anAbsoluteFormTargetIsHandedOnInOriginFormWithItsAuthorityAsHost() {
        let accepted = request("GET http://example.com:8080/render?style=dark HTTP/1.1\r\nHost: other.example\r\n\r\n")
        #expect(accepted?.target == "/render?style=dark")
        #expect(accepted?.header("host") == "example.com:8080")
        #expect(request("GET HTTPS://Example.com?x=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")?.target == "/?x=1")
        #expect(request("GET http://[::1]:80 HTTP/1.0\r\n\r\n")?.target == "/")
    }

    @Test(arguments: [
        "http:///render", "http://user@example.com/", "http://example.com:99999/", "ftp://example.com/",
        "http://[::1/", "http:/example.com/", "render", "*", "example.com:80",
    ])
    func targetsInNoAcceptedFormAre400(target: String) {
        #expect(parse(requestText(target)).rejection?.status == 400)
    }

    @Test func theAsteriskFormIsKeptForOptions() {
        #expect(request(requestText("*", method: "OPTIONS"))?.target == "*")
    }

    @Test(arguments: [
        "example.com", "example.com:8080", "127.0.0.1", "localhost:", "[::1]", "[::1]:8080", "[2001:db8::7]",
        "[::ffff:192.0.2.1]", "[v1.fe:ed]", "xn--bcher-kva.example", "a%2Fb", "sub_domain-1.example~",
    ])
    func validHostsAreAccepted(host: String) {
        #expect(request("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") != nil)
    }

    @Test(arguments: [
        "", "a b c", "evil@x", "x\ty", "x\u{1}y", "x:abc", "x:99999", "x:-1", "x:80:90", ":80", "[::1", "[zz]",
        "[::1]x", "[::1]:x", "a/b", "a?b", "a%2", "a%zz", "é.example",
    ])
    func invalidHostsAre400(host: String) {
        #expect(parse("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").rejection?.status == 400)
    }

    @Test(arguments: [
        ("/./style.css", "/style.css"),
        ("/a/../render?x", "/render?x"),
        ("/%2e%2E/x", "/x"),
        ("/a/%2e/b", "/a/b"),
        ("/a/.%2E/b", "/b"),
        ("/a/b/..", "/a/"),
        ("/a/.", "/a/"),
        ("/..", "/"),
        ("/../../etc/passwd", "/etc/passwd"),
        ("//a/../b", "//b"),
        ("/a/./?q=/../x", "/a/?q=/../x"),
        ("/a/..%2Fb", "/a/..%2Fb"),
        ("/a/.b/...", "/a/.b/..."),
        ("/%2e%2e%2e", "/%2e%2e%2e"),
    ])
    func dotSegmentsAreRemovedBeforeTheHandlerSeesThePath(sent: String, seen: String) {
        #expect(request(requestText(sent))?.target == seen)
    }
}
