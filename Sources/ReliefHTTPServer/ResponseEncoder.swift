import Glibc

/// Writes responses as HTTP/1.1 bytes: status line, the handler's headers, then the server's own
/// `Date`, `Content-Length` and `Connection`, and the body — small bodies inside the head's buffer,
/// large ones by reference, to leave with the head in one `sendmsg`.
///
/// One encoder per event loop: it caches the `Date` line, which changes once a second.
struct ResponseEncoder {
    /// What the encoder found in a handler's response before writing it.
    struct Inspection {
        /// Why the response cannot be sent as it is (a header that could split the response, a
        /// status that is not a final one), or nil when it can.
        var problem: String?
        /// Whether the handler asked for the connection to close (`Connection: close`).
        var asksToClose: Bool
    }

    /// One response as bytes: the head, then the body (empty when it went into the head or is not sent).
    struct Encoded {
        var head: [UInt8]
        var body: [UInt8]
        var status: Int
        /// Body bytes sent: 0 for HEAD and bodiless statuses.
        var bodyBytes: Int
    }

    /// Bodies up to this size are copied behind the head; larger ones are sent from their own storage.
    static let inlineBodyBytes = 2048

    private var dateSecond = -1
    private var dateLine: [UInt8] = []

    /// Checks the parts of `response` that go on the wire verbatim: its status here, its headers
    /// when their blocks were made (``HTTPHeaderBlock``).
    static func inspect(_ response: HTTPResponse) -> Inspection {
        guard (200...599).contains(response.status) else {
            return Inspection(problem: "status \(response.status) is not a final status (200–599)", asksToClose: false)
        }
        var asksToClose = false
        for block in response.headers.blocks {
            if let problem = block.problem { return Inspection(problem: problem, asksToClose: false) }
            asksToClose = asksToClose || block.asksToClose
        }
        return Inspection(problem: nil, asksToClose: asksToClose)
    }

    /// The bytes of `response`, which must have passed ``inspect(_:)``.
    ///
    /// - Parameters:
    ///   - omitBody: true for `HEAD`: the headers describe the body, which is not sent.
    ///   - closing: the connection closes after this response (`Connection: close`).
    ///   - announceKeepAlive: an HTTP/1.0 client asked to keep the connection (`Connection: keep-alive`).
    mutating func encode(_ response: HTTPResponse, omitBody: Bool, closing: Bool, announceKeepAlive: Bool) -> Encoded {
        let bodyForbidden = response.status == 204 || response.status == 304
        let sendsBody = !omitBody && !bodyForbidden && !response.body.isEmpty
        let inlinesBody = sendsBody && response.body.count <= Self.inlineBodyBytes
        let dateLine = currentDateLine()
        var capacity = Self.mostFixedHeadBytes + dateLine.count + (inlinesBody ? response.body.count : 0)
        for block in response.headers.blocks { capacity += block.encoded.count }
        // Sized first and written once, each piece copied in place: no array grows on the way.
        let head = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var head = ByteWriter(buffer)
            head.write("HTTP/1.1 ")
            head.writeDecimal(response.status)
            head.write(ASCII.space)
            head.write(Self.reasonPhrase(response.status))
            head.write("\r\n")
            for block in response.headers.blocks { head.write(block.encoded) }
            head.write(dateLine)
            if !bodyForbidden {
                head.write("Content-Length: ")
                head.writeDecimal(response.body.count)
                head.write("\r\n")
            }
            if closing {
                head.write("Connection: close\r\n")
            } else if announceKeepAlive {
                head.write("Connection: keep-alive\r\n")
            }
            head.write("\r\n")
            if inlinesBody { head.write(response.body) }
            initialized = head.count
        }
        return Encoded(
            head: head, body: sendsBody && !inlinesBody ? response.body : [], status: response.status,
            bodyBytes: sendsBody ? response.body.count : 0)
    }

    /// The most bytes of a head besides its headers' blocks, its `Date` and an inlined body: the
    /// status line with the longest reason phrase, `Content-Length`, `Connection` and the blank line.
    private static let mostFixedHeadBytes =
        "HTTP/1.1 000 Request Header Fields Too Large\r\n".utf8.count
        + "Content-Length: \r\n".utf8.count + ByteWriter.maxDecimalBytes
        + "Connection: keep-alive\r\n".utf8.count + 2

    /// The server's own answer for a request it refused: plain text naming the problem.
    static func response(for rejection: RequestRejection) -> HTTPResponse {
        HTTPResponse(
            status: rejection.status,
            headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array((rejection.message + "\n").utf8))
    }

    /// What replaces a response that cannot be sent safely.
    static let internalError = HTTPResponse(
        status: 500, headers: [("Content-Type", "text/plain; charset=utf-8")],
        body: Array("Internal server error: the response could not be sent safely.\n".utf8))

    /// The answer to a request the handler had not answered when shutdown's grace period ended.
    static let shuttingDown = HTTPResponse(
        status: 503, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1")],
        body: Array("Service unavailable: the server is shutting down; retry the request.\n".utf8))

    /// The interim answer to a request that sent `Expect: 100-continue`: its client waits for it
    /// before sending the body.
    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Sent, best effort, to a connection refused on arrival (over capacity, or over the per-address
    /// limit) before it is closed.
    static let overCapacity: [UInt8] = Array(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\nRetry-After: 1\r\n\r\n".utf8)

    /// `Date: <IMF-fixdate>\r\n`, formatted again only when the second changes.
    private mutating func currentDateLine() -> [UInt8] {
        let now = time(nil)
        if now != dateSecond {
            dateSecond = now
            dateLine = Array("Date: ".utf8) + HTTPDate.imfFixdate(secondsSince1970: now) + Array("\r\n".utf8)
        }
        return dateLine
    }

    /// Headers the server writes itself; a handler's copies are dropped so each appears once and
    /// always tells the truth about the bytes on the wire.
    static func isServerHeader(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: ASCII.equalsIgnoringCase(name.utf8, "date")
        case 10: ASCII.equalsIgnoringCase(name.utf8, "connection")
        case 14: ASCII.equalsIgnoringCase(name.utf8, "content-length")
        case 17: ASCII.equalsIgnoringCase(name.utf8, "transfer-encoding")
        default: false
        }
    }

    static func reasonPhrase(_ status: Int) -> StaticString {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }
}
