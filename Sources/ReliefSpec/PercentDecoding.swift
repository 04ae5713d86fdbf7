/// `%XX` escapes in URLs (RFC 3986), decoded to UTF-8 text: one decoder for queries and paths.
public enum PercentDecoding {
    /// Why a text could not be decoded.
    public enum Failure: Error, Sendable, Hashable {
        /// A `%` not followed by two hex digits.
        case malformedEscape
        /// The decoded bytes are not UTF-8 (a stray byte, a cut sequence, an encoded surrogate).
        case notUTF8

        /// What went wrong, as the end of a sentence.
        public var words: String {
            switch self {
            case .malformedEscape: "a % must be followed by two hex digits (%25 is a percent sign)"
            case .notUTF8: "the %XX escapes do not form UTF-8 text (a stray or cut byte sequence, or a lone surrogate)"
            }
        }
    }

    /// `text` with `%XX` escapes made bytes, which must form UTF-8. With `plusIsSpace` (queries), a
    /// `+` is a space; in paths it stays a plus.
    public static func decode(_ text: Substring, plusIsSpace: Bool) throws(Failure) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .malformedEscape
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
