import Testing

@testable import ReliefHTTPServer

/// Inputs the request-head fuzzer (`make fuzz`) found breaking an invariant, kept verbatim with the
/// fuzzer's limits, each checking the invariant it broke.
@Suite("RequestHeadParser: fuzzer findings")
struct RequestHeadFuzzRegressionTests {
    private let fuzzLimits = RequestHeadParser.Limits(
        maxRequestLineBytes: 256, maxHeaderBytes: 512, maxHeaderCount: 8, maxBodyBytes: 64)

    private func parse(_ text: String) -> RequestHeadParser.Step {
        var parser = RequestHeadParser(limits: fuzzLimits)
        return Array(text.utf8).withUnsafeBufferPointer { parser.parse($0) }
    }

    /// An HTTP/1.0 absolute-form request with as many headers as allowed and no Host: the authority
    /// was added as a Host header, one more than the limit.
    @Test func anAbsoluteFormTargetNeverAddsAHeaderPastTheLimit() throws {
        let found =
            "GET HTTPS://[::1]:443/.DefaultIng HTTP/1.0\r\nHort:hhhh::1]:443/.DefaultIng HTTP/1.0\r\n"
            + "Hort:hhhhhhhhhhhhh?bsttring HTTP/1.0\r\nHort:hhhhhhh0\r\nHort:hhhh::1]:443/.DefaultIng HTTP/1.0\r\n"
            + "Hort:hhhhhhhhhhhhh?bsttring HTTP/1.0\r\nHort:hhhhhhhhhh0\r\nHort:hhh^hhhhhhhh0\r\nHort:hhh^hhhhhhhhblt:1]\r\n\r\n"
        guard case let .complete(head, _) = parse(found) else {
            Issue.record("the head was not accepted")
            return
        }
        #expect(head.request.headers.count <= fuzzLimits.maxHeaderCount)
        #expect(head.request.target == "/.DefaultIng")
    }
}
