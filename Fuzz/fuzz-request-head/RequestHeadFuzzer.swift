// libFuzzer target for ReliefHTTPServer's RequestHeadParser (`make fuzz`, docs/RELIABILITY.md).
import ReliefHTTPServer

/// Small limits, so the fuzzer reaches them with short inputs.
private let limits = RequestHeadParser.Limits(
    maxRequestLineBytes: 256, maxHeaderBytes: 512, maxHeaderCount: 8, maxBodyBytes: 64)

/// The statuses the server answers a refused head with.
private let refusalStatuses: Set<Int> = [400, 408, 411, 413, 414, 417, 431, 501, 505]

/// Parses `bytes` as if they arrived in pieces ending at `cuts` (then whole), as a connection feeds the parser.
private func parse(_ bytes: UnsafeBufferPointer<UInt8>, cuts: [Int]) -> RequestHeadParser.Step {
    var parser = RequestHeadParser(limits: limits)
    for end in cuts + [bytes.count] {
        let step = parser.parse(UnsafeBufferPointer(rebasing: bytes[..<end]))
        if case .needMore = step, end < bytes.count { continue }
        return step
    }
    return .needMore
}

/// A comparable summary of a step: what a connection would do with it.
private func summary(_ step: RequestHeadParser.Step) -> String {
    switch step {
    case .needMore:
        "needMore"
    case let .complete(head, consumed):
        "complete \(consumed) \(head.keepAlive) \(head.request.method) \(head.request.target) \(head.request.minorVersion) \(head.request.headers)"
            + " body \(head.bodyLength) \(head.waitsForContinue)"
    case let .rejected(rejection):
        "rejected \(rejection.status) \(rejection.message)"
    }
}

/// Whether a path segment is `.` or `..`, dots plain or percent-encoded.
private func isDotSegment(_ segment: Substring) -> Bool {
    let decoded = segment.replacingOccurrences(of: "%2e", with: ".").replacingOccurrences(of: "%2E", with: ".")
    return decoded == "." || decoded == ".."
}

/// One input; a broken invariant stops the process, which libFuzzer records as a crash.
func fuzzRequestHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // The answer never depends on how the bytes were split into packets.
    let whole = parse(bytes, cuts: [])
    let cuts = stride(from: 1, to: size, by: max(1, Int(bytes.first ?? 1) % 7 + 1)).map { $0 }
    precondition(summary(whole) == summary(parse(bytes, cuts: cuts)), "the result depends on how the head was split")

    switch whole {
    case .needMore:
        break
    case let .rejected(rejection):
        precondition(refusalStatuses.contains(rejection.status), "unexpected refusal status \(rejection.status)")
        precondition(!rejection.message.isEmpty)
    case let .complete(head, consumed):
        let taken = bytes[..<consumed]
        precondition(consumed >= 4 && taken.suffix(4).elementsEqual("\r\n\r\n".utf8), "a head ends with an empty line")
        // Every line ends in CRLF: no bare LF, no bare CR was accepted.
        for index in taken.indices {
            if taken[index] == UInt8(ascii: "\n") {
                precondition(index > 0 && taken[index - 1] == UInt8(ascii: "\r"), "bare LF accepted")
            }
            if taken[index] == UInt8(ascii: "\r") {
                precondition(index + 1 < consumed && taken[index + 1] == UInt8(ascii: "\n"), "bare CR accepted")
            }
        }
        let request = head.request
        precondition(!request.method.isEmpty && request.method.utf8.allSatisfy(ASCII.isTokenByte), "method is not a token")
        precondition(request.minorVersion == 0 || request.minorVersion == 1)
        precondition(request.headers.count <= limits.maxHeaderCount)
        precondition((0...limits.maxBodyBytes).contains(head.bodyLength), "a body over the limit accepted")
        precondition(!head.waitsForContinue || head.bodyLength > 0 && request.minorVersion == 1, "100 Continue owed for no body")
        for (name, value) in request.headers {
            precondition(!name.isEmpty && name.utf8.allSatisfy(ASCII.isTokenByte), "header name is not a token")
            precondition(
                !value.utf8.contains { $0 < 0x20 && $0 != UInt8(ascii: "\t") || $0 == 0x7F },
                "control character in a header value")
        }
        let hosts = request.headers.filter { $0.name.lowercased() == "host" }
        precondition(hosts.count <= 1 && (request.minorVersion == 0 || hosts.count == 1), "Host missing or repeated")
        for host in hosts {
            precondition(Array(host.value.utf8).withUnsafeBufferPointer(URIAuthority.isValid), "invalid Host accepted")
        }
        // The handler sees origin form without dot segments, and normalizing it again changes nothing.
        let target = request.target
        if target != "*" {
            precondition(target.hasPrefix("/"), "target not in origin form")
            precondition(!request.path.split(separator: "/").contains(where: isDotSegment), "dot segment left in \(target)")
            let again = Array("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
            let reparsed = again.withUnsafeBufferPointer { parse($0, cuts: []) }
            if case let .complete(other, _) = reparsed {
                precondition(other.request.target == target, "normalizing twice changed \(target)")
            } else if target.utf8.count + 16 <= limits.maxRequestLineBytes {
                preconditionFailure("the origin form \(target) is refused when sent again")
            }
        }
    }
    return 0
}
