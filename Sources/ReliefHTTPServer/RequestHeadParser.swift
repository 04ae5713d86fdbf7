import Glibc

/// Reads one HTTP/1.x request head from a connection's input, line by line as bytes arrive.
///
/// Strict where leniency would let two parsers disagree about where a request ends: every line ends
/// in CRLF (a bare LF or a CR without LF is refused), header folding is refused, header names are
/// tokens with no space before the colon, and values may hold tabs, visible ASCII and bytes from 0x80
/// up, nothing else. A few empty lines before the request line are skipped, as RFC 9112 allows.
///
/// The target is handed on in origin form without dot segments (``RequestTarget``); an absolute-form
/// target's authority takes the place of `Host`'s value, as RFC 9112 §3.2.2 asks (an HTTP/1.0
/// request without `Host` is left without one). `Host` must be a
/// valid `host [":" port]` (``URIAuthority``).
///
/// The parser keeps its place between calls, so each byte is examined once however slowly the head
/// arrives. The bytes passed to ``parse(_:)`` must start where the previous call's did and only grow
/// until a head completes; then the caller drops `consumed` bytes and calls ``reset()``.
package struct RequestHeadParser {
    package struct Limits {
        package var maxRequestLineBytes: Int
        package var maxHeaderBytes: Int
        package var maxHeaderCount: Int
        /// The largest body a head may announce (``HTTPServer/Configuration/maxRequestBodyBytes``).
        package var maxBodyBytes: Int

        package init(maxRequestLineBytes: Int, maxHeaderBytes: Int, maxHeaderCount: Int, maxBodyBytes: Int) {
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.maxBodyBytes = maxBodyBytes
        }
    }

    package enum Step {
        /// The head is not complete yet; call again when more bytes arrive.
        case needMore
        /// A complete head, which took the first `consumed` bytes.
        case complete(RequestHead, consumed: Int)
        /// The head is unacceptable; answer with the rejection and close.
        case rejected(RequestRejection)
    }

    /// Empty lines tolerated before a request line (some clients send a stray CRLF after a request).
    static let maxLeadingEmptyLineBytes = 8

    let limits: Limits
    /// Where the line being read starts.
    private var lineStart = 0
    /// Where the search for the current line's CR resumes; bytes before it were examined.
    private var searchFrom = 0
    private var requestLine: RequestLine?
    /// The headers read so far; those of the last request until the next request line is read.
    private var headers: [(name: String, value: String)] = []
    private var headerBytes = 0
    private var framing = RequestFraming()
    /// The cancellation handed to the last request, handed to the next too while nobody else holds it.
    private var cancellation = RequestCancellation()

    package init(limits: Limits) {
        self.limits = limits
    }

    /// Forgets the head just completed or rejected. Its headers are emptied once the next request
    /// line is read: by then its request has mostly been answered and let go of them, so their
    /// storage is reused instead of allocated again.
    mutating func reset() {
        lineStart = 0
        searchFrom = 0
        requestLine = nil
        headerBytes = 0
        framing = RequestFraming()
    }

    /// Reads as far into `bytes` as it can.
    package mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Step {
        while true {
            let examined = searchFrom
            let carriageReturn = Self.index(of: ASCII.carriageReturn, in: bytes, from: searchFrom)
            // The line's text so far goes through the same checks whether or not its end has arrived,
            // so the answer never depends on how the bytes were split into packets.
            let check = checkLine(bytes, newBytesFrom: examined, end: carriageReturn ?? bytes.count)
            guard let carriageReturn, carriageReturn + 1 < bytes.count, check.rejection == nil else {
                // Without its LF, look at this CR again next time.
                searchFrom = carriageReturn ?? bytes.count
                return check
            }
            guard bytes[carriageReturn + 1] == ASCII.lineFeed else { return .rejected(.bareLineEnding()) }
            let line = lineStart..<carriageReturn
            lineStart = carriageReturn + 2
            searchFrom = lineStart
            if requestLine == nil {
                if line.isEmpty {
                    if lineStart > Self.maxLeadingEmptyLineBytes { return .rejected(.tooManyEmptyLines()) }
                    continue
                }
                switch Self.parseRequestLine(UnsafeBufferPointer(rebasing: bytes[line])) {
                case let .success(parsed):
                    requestLine = parsed
                    headers.removeAll(keepingCapacity: true)
                case let .failure(rejection): return .rejected(rejection)
                }
            } else if line.isEmpty {
                return finish(consumed: lineStart)
            } else {
                headerBytes += line.count + 2
                if headerBytes > limits.maxHeaderBytes {
                    return .rejected(annotated(.headersTooLarge(limit: limits.maxHeaderBytes)))
                }
                if headers.count == limits.maxHeaderCount {
                    return .rejected(annotated(.tooManyHeaders(limit: limits.maxHeaderCount)))
                }
                if let rejection = parseHeaderLine(UnsafeBufferPointer(rebasing: bytes[line])) {
                    return .rejected(annotated(rejection))
                }
            }
        }
    }

    /// Limits and garbage detection for the current line's text, which ends at `end` (its CR, or the
    /// bytes received so far). Bytes before `start` were checked by an earlier call.
    private func checkLine(_ bytes: UnsafeBufferPointer<UInt8>, newBytesFrom start: Int, end: Int) -> Step {
        let lineLength = end - lineStart
        if requestLine == nil {
            // A request line is printable ASCII and spaces; anything else (TLS, binary) is refused now
            // rather than after the header timeout.
            for index in max(start, lineStart)..<min(end, lineStart + limits.maxRequestLineBytes)
            where !(ASCII.space...ASCII.tilde).contains(bytes[index]) {
                return .rejected(bytes[index] == ASCII.lineFeed ? .bareLineEnding() : .malformedRequestLine())
            }
            if lineLength > limits.maxRequestLineBytes {
                return .rejected(.requestLineTooLong(limit: limits.maxRequestLineBytes))
            }
        } else if headerBytes + lineLength > limits.maxHeaderBytes {
            return .rejected(annotated(.headersTooLarge(limit: limits.maxHeaderBytes)))
        }
        return .needMore
    }

    /// The rejection, carrying the request line (when read) for the access log.
    private func annotated(_ rejection: RequestRejection) -> RequestRejection {
        var annotated = rejection
        annotated.method = requestLine?.method ?? ""
        annotated.target = requestLine?.target.originForm ?? ""
        return annotated
    }

    /// The request line as read, with the target as the handler will see it.
    private struct RequestLine {
        var method: String
        var target: RequestTarget
        var minorVersion: Int
    }

    /// `METHOD SP target SP HTTP/1.x`: method a token, target printable ASCII without spaces in one
    /// of the forms ``RequestTarget`` accepts. Length and stray bytes were checked by
    /// ``checkLine(_:newBytesFrom:end:)``.
    private static func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) -> Result<RequestLine, RequestRejection> {
        var index = 0
        while index < line.count, ASCII.isTokenByte(line[index]) { index += 1 }
        let methodEnd = index
        guard methodEnd > 0, methodEnd < line.count, line[methodEnd] == ASCII.space else {
            return .failure(.malformedRequestLine())
        }
        index += 1
        let targetStart = index
        while index < line.count, (ASCII.exclamation...ASCII.tilde).contains(line[index]) { index += 1 }
        let targetEnd = index
        guard targetEnd > targetStart, targetEnd < line.count, line[targetEnd] == ASCII.space else {
            return .failure(.malformedRequestLine())
        }
        let version = UnsafeBufferPointer(rebasing: line[(targetEnd + 1)...])
        guard version.count == 8, version.starts(with: ASCII.httpSlash), version[6] == ASCII.period,
            ASCII.isDigit(version[5]), ASCII.isDigit(version[7])
        else { return .failure(.malformedRequestLine()) }
        let methodBytes = UnsafeBufferPointer(rebasing: line[..<methodEnd])
        let targetBytes = UnsafeBufferPointer(rebasing: line[targetStart..<targetEnd])
        let method = String(decoding: methodBytes, as: UTF8.self)
        func refused(_ rejection: RequestRejection) -> Result<RequestLine, RequestRejection> {
            var rejection = rejection
            rejection.method = method
            rejection.target = String(decoding: targetBytes, as: UTF8.self)
            return .failure(rejection)
        }
        guard version[5] == UInt8(ascii: "1") else { return refused(.unsupportedVersion()) }
        guard let target = RequestTarget(targetBytes, isOptions: methodBytes.elementsEqual("OPTIONS".utf8)) else {
            return refused(.malformedTarget())
        }
        // A higher HTTP/1.x minor version is served as HTTP/1.1, the highest this server speaks (RFC 9110 §2.5).
        return .success(
            RequestLine(
                method: method, target: target,
                minorVersion: version[7] == UInt8(ascii: "0") ? 0 : 1))
    }

    /// `name: OWS value OWS`; records the header and what it says about framing.
    private mutating func parseHeaderLine(_ line: UnsafeBufferPointer<UInt8>) -> RequestRejection? {
        if line[0] == ASCII.space || line[0] == ASCII.tab { return .foldedHeader() }
        var index = 0
        while index < line.count, ASCII.isTokenByte(line[index]) { index += 1 }
        guard index > 0, index < line.count, line[index] == ASCII.colon else { return .malformedHeader() }
        let name = UnsafeBufferPointer(rebasing: line[..<index])
        index += 1
        var valueStart = index
        var valueEnd = line.count
        for position in index..<line.count {
            let byte = line[position]
            guard byte >= ASCII.space || byte == ASCII.tab, byte != ASCII.delete else { return .invalidHeaderValue() }
        }
        while valueStart < valueEnd, line[valueStart] == ASCII.space || line[valueStart] == ASCII.tab { valueStart += 1 }
        while valueEnd > valueStart, line[valueEnd - 1] == ASCII.space || line[valueEnd - 1] == ASCII.tab { valueEnd -= 1 }
        let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
        if let rejection = framing.note(name: name, value: value) { return rejection }
        headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        return nil
    }

    /// The head is complete: checks what needs all headers, then hands it over.
    private mutating func finish(consumed: Int) -> Step {
        guard let requestLine else { return .rejected(.malformedRequestLine()) }
        if let rejection = framing.rejection(minorVersion: requestLine.minorVersion, maxBodyBytes: limits.maxBodyBytes) {
            return .rejected(annotated(rejection))
        }
        // Only an existing Host takes the authority: adding one could take the headers past their limit.
        if let authority = requestLine.target.authority,
            let host = headers.firstIndex(where: { ASCII.equalsIgnoringCase($0.name.utf8, "host") })
        {
            headers[host].value = authority
        }
        let request = HTTPRequest(
            method: requestLine.method, target: requestLine.target.originForm,
            minorVersion: requestLine.minorVersion, headers: headers, cancellation: unsharedCancellation())
        let keepAlive = !framing.connectionClose && (requestLine.minorVersion == 1 || framing.connectionKeepAlive)
        return .complete(
            RequestHead(
                request: request, keepAlive: keepAlive, bodyLength: framing.bodyLength,
                waitsForContinue: framing.waitsForContinue(minorVersion: requestLine.minorVersion)),
            consumed: consumed)
    }

    /// A cancellation for the request being finished: the last request's when nothing else holds it
    /// any more (its handler let it go) and it was not cancelled, so that no one can tell it from a
    /// new one; else a new one.
    private mutating func unsharedCancellation() -> RequestCancellation {
        if !isKnownUniquelyReferenced(&cancellation) || cancellation.isCancelled {
            cancellation = RequestCancellation()
        }
        return cancellation
    }

    private static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

extension RequestHeadParser.Step {
    var rejection: RequestRejection? {
        if case let .rejected(rejection) = self { rejection } else { nil }
    }
}
