/// A request the server answers itself with an error, after which it closes the connection.
package struct RequestRejection: Error, Equatable {
    /// The status to answer with.
    package var status: Int
    /// A plain-text sentence naming the problem and what is accepted; becomes the response body.
    package var message: String
    /// The request's method and target when the request line was readable, for the access log.
    var method = ""
    var target = ""

    static func malformedRequestLine() -> Self {
        Self(
            status: 400,
            message: "Malformed request line: expected \"METHOD /target HTTP/1.1\" with single spaces, ending in CRLF.")
    }

    static func malformedTarget() -> Self {
        Self(
            status: 400,
            message: "Malformed request target: expected a path starting with / or an absolute http(s) URI with a valid host.")
    }

    static func invalidHost() -> Self {
        Self(
            status: 400,
            message: "Invalid Host: expected a host name, IPv4 address or [IPv6 address], optionally with :port (at most 65535).")
    }

    static func unsupportedVersion() -> Self {
        Self(status: 505, message: "HTTP version not supported: only HTTP/1.x is accepted (1.0, 1.1, and 1.2 to 1.9 as 1.1).")
    }

    static func requestLineTooLong(limit: Int) -> Self {
        Self(status: 414, message: "Request line too long: at most \(limit) bytes are accepted.")
    }

    static func tooManyEmptyLines() -> Self {
        Self(status: 400, message: "Too many empty lines before the request line.")
    }

    static func headersTooLarge(limit: Int) -> Self {
        Self(status: 431, message: "Request header fields too large: at most \(limit) bytes of header lines are accepted.")
    }

    static func tooManyHeaders(limit: Int) -> Self {
        Self(status: 431, message: "Too many request header fields: at most \(limit) are accepted.")
    }

    static func malformedHeader() -> Self {
        Self(
            status: 400,
            message:
                "Malformed header line: expected \"Name: value\" with a token name, no space before the colon, ending in CRLF.")
    }

    static func foldedHeader() -> Self {
        Self(status: 400, message: "Folded header lines (a line starting with a space or tab) are not accepted.")
    }

    static func invalidHeaderValue() -> Self {
        Self(status: 400, message: "Header values must not contain NUL, CR, LF or other control characters except tab.")
    }

    static func bareLineEnding() -> Self {
        Self(status: 400, message: "Lines must end with CRLF; a lone CR or LF is not accepted.")
    }

    static func missingHost() -> Self {
        Self(status: 400, message: "An HTTP/1.1 request must carry exactly one Host header.")
    }

    static func invalidContentLength() -> Self {
        Self(status: 400, message: "Content-Length must be one decimal number of bytes.")
    }

    static func ambiguousFraming() -> Self {
        Self(status: 400, message: "Content-Length and Transfer-Encoding together are not accepted.")
    }

    static func transferEncodingInHTTP10() -> Self {
        Self(status: 400, message: "Transfer-Encoding is not accepted in an HTTP/1.0 request.")
    }

    static func unframedBody() -> Self {
        Self(
            status: 400,
            message: "Transfer-Encoding must end with chunked, once: the body's end cannot be found otherwise.")
    }

    static func transferCodingNotImplemented() -> Self {
        Self(
            status: 501,
            message: "Transfer codings other than chunked are not implemented: send the body with a Content-Length.")
    }

    static func lengthRequired() -> Self {
        Self(status: 411, message: "Chunked request bodies are not accepted: send the body with a Content-Length.")
    }

    static func bodyTooLarge(limit: Int) -> Self {
        Self(status: 413, message: "Request body too large: a Content-Length of at most \(limit) bytes is accepted.")
    }

    static func expectationNotSupported() -> Self {
        Self(status: 417, message: "Expect: only 100-continue is supported.")
    }

    static func bodyIncomplete(length: Int) -> Self {
        Self(
            status: 400,
            message: "Request body incomplete: the client ended its side before the \(length) bytes its Content-Length announced."
        )
    }

    static func bodyTimedOut(after timeout: Duration) -> Self {
        Self(
            status: 408,
            message: "Request body not received completely within \(timeout.formattedSeconds) of the request's start.")
    }

    static func headTimedOut(after timeout: Duration) -> Self {
        Self(status: 408, message: "Request head not received completely within \(timeout.formattedSeconds).")
    }
}
