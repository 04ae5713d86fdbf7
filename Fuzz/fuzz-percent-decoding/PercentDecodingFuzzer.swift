// libFuzzer target for ReliefSpec's PercentDecoding.decode(_:plusIsSpace:) (`make fuzz`,
// docs/RELIABILITY.md). The first byte chooses plusIsSpace; the rest is the text.
import ReliefSpec

/// A decoder written from RFC 3986 §2.1 alone, to compare with: the decoded bytes, or the failure.
private func referenceDecode(_ text: Substring, plusIsSpace: Bool) -> Result<[UInt8], PercentDecoding.Failure> {
    func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                return .failure(.malformedEscape)
            }
            decoded.append(high * 16 + low)
            index += 3
        } else {
            decoded.append(bytes[index] == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : bytes[index])
            index += 1
        }
    }
    return .success(decoded)
}

/// `bytes` with every byte written as `%XX`.
private func percentEncodedEveryByte(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    for byte in text.utf8 { encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
    return String(decoding: encoded, as: UTF8.self)
}

/// One input; a broken invariant stops the process, which libFuzzer records as a crash.
func fuzzPercentDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let plusIsSpace = data[0] & 1 == 1
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let result = Result { () throws(PercentDecoding.Failure) in try PercentDecoding.decode(text[...], plusIsSpace: plusIsSpace) }
    switch (result, referenceDecode(text[...], plusIsSpace: plusIsSpace)) {
    case let (.success(decoded), .success(expected)):
        precondition(Array(decoded.utf8) == expected, "decoded bytes differ from RFC 3986's")
        // The result is valid UTF-8, byte for byte, and encoding it back decodes to it again.
        precondition(String(validating: Array(decoded.utf8), as: UTF8.self) == decoded, "decoding yielded invalid UTF-8")
        precondition(
            (try? PercentDecoding.decode(percentEncodedEveryByte(decoded)[...], plusIsSpace: plusIsSpace)) == decoded,
            "re-encoding does not decode to the same text")
        precondition(decoded.utf8.count <= text.utf8.count, "decoding made the text longer")
    case let (.failure(failure), .failure(expected)):
        precondition(failure == expected, "failure \(failure), expected \(expected)")
    case let (.failure(failure), .success(expected)):
        // The only failure for well-formed escapes: the bytes are not UTF-8.
        precondition(failure == .notUTF8 && String(validating: expected, as: UTF8.self) == nil, "refused valid text: \(failure)")
    case (.success, .failure):
        preconditionFailure("accepted a malformed escape")
    }
    return 0
}
