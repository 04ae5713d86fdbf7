import Testing

@testable import ReliefHTTPServer

/// The encoder on its own; a handler's unsafe response over a connection is `InMemoryRequestTests`' business.
@Suite("HTTPServer: responses that could corrupt the stream")
struct HTTPServerResponseSafetyTests {
    @Test func encoderRefusesWhatCouldSplitAResponse() {
        let cases: [HTTPResponse] = [
            HTTPResponse(status: 200, headers: [("A", "x\ny")]),
            HTTPResponse(status: 200, headers: [("A", "x\ry")]),
            HTTPResponse(status: 200, headers: [("A", "x\u{0}y")]),
            HTTPResponse(status: 200, headers: [("A:B", "x")]),
            HTTPResponse(status: 200, headers: [("", "x")]),
            HTTPResponse(status: 101),
            HTTPResponse(status: 1000),
        ]
        for response in cases {
            #expect(ResponseEncoder.inspect(response).problem != nil, "\(response.headers) \(response.status)")
        }
        #expect(ResponseEncoder.inspect(HTTPResponse(status: 200, headers: [("A", "tab\tand text é")])).problem == nil)
    }

    @Test func serverHeadersReplaceTheHandlersCopies() {
        var encoder = ResponseEncoder()
        let response = HTTPResponse(
            status: 200, headers: [("content-length", "999"), ("Date", "then"), ("X-Kept", "1")], body: Array("abc".utf8))
        let encoded = encoder.encode(response, omitBody: false, closing: false, announceKeepAlive: false)
        let text = String(decoding: encoded.head + encoded.body, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nX-Kept: 1\r\nDate: "))
        #expect(text.hasSuffix("GMT\r\nContent-Length: 3\r\n\r\nabc"))
    }

    @Test func notModifiedHasNeitherBodyNorContentLength() {
        var encoder = ResponseEncoder()
        let encoded = encoder.encode(
            HTTPResponse(status: 304, headers: [("ETag", "\"a\"")], body: Array("ignored".utf8)),
            omitBody: false, closing: true, announceKeepAlive: false)
        let text = String(decoding: encoded.head + encoded.body, as: UTF8.self)
        #expect(encoded.bodyBytes == 0)
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("Connection: close\r\n\r\n"))
    }

    @Test func largeBodiesAreSentFromTheirOwnStorage() {
        var encoder = ResponseEncoder()
        let body = [UInt8](repeating: 7, count: ResponseEncoder.inlineBodyBytes + 1)
        let encoded = encoder.encode(
            HTTPResponse(status: 200, body: body), omitBody: false, closing: false, announceKeepAlive: false)
        #expect(encoded.body == body)
        #expect(String(decoding: encoded.head, as: UTF8.self).hasSuffix("Content-Length: \(body.count)\r\n\r\n"))
        let head = encoder.encode(HTTPResponse(status: 200, body: body), omitBody: true, closing: false, announceKeepAlive: false)
        #expect(head.body.isEmpty && head.bodyBytes == 0)
    }

    @Test func datesAreIMFFixdates() {
        #expect(
            String(decoding: HTTPDate.imfFixdate(secondsSince1970: 784_111_777), as: UTF8.self) == "Sun, 06 Nov 1994 08:49:37 GMT"
        )
        #expect(
            String(decoding: HTTPDate.imfFixdate(secondsSince1970: 951_782_400), as: UTF8.self) == "Tue, 29 Feb 2000 00:00:00 GMT"
        )
    }
}
