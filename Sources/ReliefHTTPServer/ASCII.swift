/// The bytes and character classes of HTTP/1.1's syntax (RFC 9110 §5.6, RFC 9112).
package enum ASCII {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let exclamation = UInt8(ascii: "!")
    static let comma = UInt8(ascii: ",")
    static let period = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let tilde = UInt8(ascii: "~")
    static let delete: UInt8 = 0x7F
    static let httpSlash: [UInt8] = Array("HTTP/".utf8)

    /// `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``, as one bit per byte value below 128.
    @inline(__always)
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        byte < 64
            ? (0x03FF_6CFA_0000_0000 as UInt64) >> byte & 1 == 1
            : byte < 128 && (0x57FF_FFFF_C7FF_FFFE as UInt64) >> (byte - 64) & 1 == 1
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// Whether every byte of `text`'s UTF-8 satisfies `predicate`, read from its storage directly
    /// where it has one (every native string does): a response's headers are checked this way.
    @inline(__always)
    static func allBytes(of text: String, satisfy predicate: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) } ?? text.utf8.allSatisfy(predicate)
    }

    /// Appends `text`'s UTF-8 to `bytes`, copied from its storage directly where it has one.
    @inline(__always)
    static func append(_ text: String, to bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Appends the bytes of `literal` to `bytes`.
    @inline(__always)
    static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Whether `left` and `right` are the same text in any letter case of their ASCII letters.
    static func equalsIgnoringCase(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { lowercased($0) == lowercased($1) }
    }

    /// Whether `bytes` spell `lowercaseWord` in any letter case.
    static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ lowercaseWord: StaticString) -> Bool {
        guard bytes.count == lowercaseWord.utf8CodeUnitCount else { return false }
        return lowercaseWord.withUTF8Buffer { word in
            zip(bytes, word).allSatisfy { lowercased($0) == $1 }
        }
    }
}
