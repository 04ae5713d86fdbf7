/// What a request's headers say about its body and its connection, gathered while they are parsed.
///
/// The server reads no bodies, so any sign of one is refused before the body could be read — which
/// also closes the door on request smuggling through conflicting lengths.
struct RequestFraming {
    private(set) var connectionClose = false
    private(set) var connectionKeepAlive = false
    private var contentLength: UInt64?
    private var hasTransferEncoding = false
    private var hasExpectation = false
    private var hostCount = 0

    /// Records one header; returns a rejection when its value alone is unacceptable.
    mutating func note(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> RequestRejection? {
        switch name.count {
        case 4 where ASCII.equalsIgnoringCase(name, "host"):
            hostCount += 1
            guard URIAuthority.isValid(value) else { return .invalidHost() }
        case 6 where ASCII.equalsIgnoringCase(name, "expect"):
            hasExpectation = true
        case 10 where ASCII.equalsIgnoringCase(name, "connection"):
            for option in value.split(separator: ASCII.comma) {
                let token = option.drop { $0 == ASCII.space || $0 == ASCII.tab }.reversed().drop {
                    $0 == ASCII.space || $0 == ASCII.tab
                }.reversed()
                if ASCII.equalsIgnoringCase(token, "close") { connectionClose = true }
                if ASCII.equalsIgnoringCase(token, "keep-alive") { connectionKeepAlive = true }
            }
        case 14 where ASCII.equalsIgnoringCase(name, "content-length"):
            guard let length = Self.decimal(value), contentLength == nil || contentLength == length else {
                return .invalidContentLength()
            }
            contentLength = length
        case 17 where ASCII.equalsIgnoringCase(name, "transfer-encoding"):
            hasTransferEncoding = true
        default:
            break
        }
        return nil
    }

    /// The rejection the complete set of headers calls for, if any.
    func rejection(minorVersion: Int) -> RequestRejection? {
        if hostCount > 1 || (minorVersion == 1 && hostCount == 0) { return .missingHost() }
        if hasTransferEncoding {
            if contentLength != nil { return .ambiguousFraming() }
            return minorVersion == 0 ? .transferEncodingInHTTP10() : .transferEncodingNotSupported()
        }
        if let contentLength, contentLength > 0 { return .bodyNotAccepted() }
        if hasExpectation { return .expectationNotSupported() }
        return nil
    }

    /// Digits only; values too long to matter saturate (they are refused as bodies anyway).
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
