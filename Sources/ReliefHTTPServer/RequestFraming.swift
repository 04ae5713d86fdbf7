/// What a request's headers say about its body and its connection, gathered while they are parsed.
///
/// A body is framed by `Content-Length` alone, and only one of at most the configured size is read.
/// `Transfer-Encoding` is refused before any of its body is read: chunked bodies have no length to
/// check against the limit before they arrive, and refusing every coding closes the door on request
/// smuggling through conflicting framings.
struct RequestFraming {
    private(set) var connectionClose = false
    private(set) var connectionKeepAlive = false
    private var contentLength: UInt64?
    private var transferCodings = TransferCodings()
    /// `Expect: 100-continue` was sent.
    private var expectsContinue = false
    /// An expectation other than `100-continue` was sent.
    private var hasOtherExpectation = false
    private var hostCount = 0

    /// The codings of every `Transfer-Encoding` line, as far as the refusal needs them.
    private struct TransferCodings {
        /// A `Transfer-Encoding` line was sent, even an empty one: the sender frames the body its own way.
        var isPresent = false
        var count = 0
        var chunkedCount = 0
        var lastIsChunked = false
    }

    /// Records one header; returns a rejection when its value alone is unacceptable.
    mutating func note(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> RequestRejection? {
        switch name.count {
        case 4 where ASCII.equalsIgnoringCase(name, "host"):
            hostCount += 1
            guard URIAuthority.isValid(value) else { return .invalidHost() }
        case 6 where ASCII.equalsIgnoringCase(name, "expect"):
            Self.forEachMember(of: value) { member in
                if ASCII.equalsIgnoringCase(member, "100-continue") { expectsContinue = true } else { hasOtherExpectation = true }
            }
        case 10 where ASCII.equalsIgnoringCase(name, "connection"):
            Self.forEachMember(of: value) { option in
                if ASCII.equalsIgnoringCase(option, "close") { connectionClose = true }
                if ASCII.equalsIgnoringCase(option, "keep-alive") { connectionKeepAlive = true }
            }
        case 14 where ASCII.equalsIgnoringCase(name, "content-length"):
            guard let length = Self.decimal(value), contentLength == nil || contentLength == length else {
                return .invalidContentLength()
            }
            contentLength = length
        case 17 where ASCII.equalsIgnoringCase(name, "transfer-encoding"):
            transferCodings.isPresent = true
            Self.forEachMember(of: value) { coding in
                let isChunked = ASCII.equalsIgnoringCase(coding, "chunked")
                transferCodings.count += 1
                if isChunked { transferCodings.chunkedCount += 1 }
                transferCodings.lastIsChunked = isChunked
            }
        default:
            break
        }
        return nil
    }

    /// The rejection the complete set of headers calls for, if any; a body of more than
    /// `maxBodyBytes` is one.
    func rejection(minorVersion: Int, maxBodyBytes: Int) -> RequestRejection? {
        if hostCount > 1 || (minorVersion == 1 && hostCount == 0) { return .missingHost() }
        if transferCodings.isPresent {
            if contentLength != nil { return .ambiguousFraming() }
            if minorVersion == 0 { return .transferEncodingInHTTP10() }
            // RFC 9112 §6.3: without chunked last (and once), the body's end cannot be found: 400.
            if !transferCodings.lastIsChunked || transferCodings.chunkedCount > 1 { return .unframedBody() }
            // RFC 9112 §6.1: a coding the server does not implement is 501.
            if transferCodings.count > 1 { return .transferCodingNotImplemented() }
            // RFC 9112 §6.3: a server may refuse a body without Content-Length with 411.
            return .lengthRequired()
        }
        if let contentLength, contentLength > UInt64(maxBodyBytes) { return .bodyTooLarge(limit: maxBodyBytes) }
        // RFC 9110 §10.1.1: an expectation the server cannot meet may be answered 417.
        if hasOtherExpectation { return .expectationNotSupported() }
        return nil
    }

    /// The bytes of body that follow the head; only for a head ``rejection(minorVersion:maxBodyBytes:)``
    /// accepted, which bounds it.
    var bodyLength: Int {
        Int(clamping: contentLength ?? 0)
    }

    /// Whether the client waits for `100 Continue` before it sends its body: it asked, it has a body,
    /// and the request is HTTP/1.1 (RFC 9110 §10.1.1: an HTTP/1.0 request's expectation is ignored).
    func waitsForContinue(minorVersion: Int) -> Bool {
        expectsContinue && minorVersion == 1 && bodyLength > 0
    }

    /// Calls `body` with each non-empty member of the comma-separated list `value`, its surrounding
    /// spaces and tabs trimmed.
    private static func forEachMember(
        of value: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        func isSpace(_ byte: UInt8) -> Bool { byte == ASCII.space || byte == ASCII.tab }
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count, value[end] != ASCII.comma { end += 1 }
            var first = start
            var last = end
            while first < last, isSpace(value[first]) { first += 1 }
            while last > first, isSpace(value[last - 1]) { last -= 1 }
            if first < last { body(UnsafeBufferPointer(rebasing: value[first..<last])) }
            start = end + 1
        }
    }

    /// Digits only; values too long to matter saturate (they are refused as too large anyway).
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !bytes.isEmpty, bytes.allSatisfy(ASCII.isDigit) else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let (product, overflowed) = value.multipliedReportingOverflow(by: 10)
            guard !overflowed, product <= .max - 9 else { return .max }
            value = product + UInt64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
