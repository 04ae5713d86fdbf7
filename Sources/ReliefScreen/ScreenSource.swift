import CReliefDeflate

/// The transport of a screen's layout text in a URL (SPEC §14): the UTF-8 text deflated (raw DEFLATE,
/// RFC 1951) and written in base64url (RFC 4648 §5) without padding, as `GET /screen?source=` carries it.
public enum ScreenSource {
    /// The most characters of `source=` accepted, checked before any decoding. 8 KiB of text deflated by
    /// any encoder needs fewer: a literal costs at most 9 bits (fixed Huffman codes), so 8,192 bytes take
    /// at most 9,216 deflated bytes, 12,288 base64url characters.
    public static let maximumEncodedLength = 16_384

    /// The layout text in `encoded`, a `source=` value (already percent-decoded).
    ///
    /// Inflating stops one byte past ``ScreenLimits/sourceBytes``, so no input costs more memory than
    /// that, whatever it inflates to.
    public static func decode(_ encoded: some StringProtocol) throws(ScreenSourceError) -> String {
        let utf8 = Array(encoded.utf8)
        guard utf8.count <= maximumEncodedLength else {
            throw .encodedTooLong(length: utf8.count, limit: maximumEncodedLength)
        }
        let deflated = try Base64URL.decode(utf8)
        let text = try inflate(deflated)
        guard let decoded = String(validating: text, as: UTF8.self) else {
            throw .invalidUTF8(byteOffset: firstInvalidUTF8Offset(text))
        }
        return decoded
    }

    /// `text` as a `source=` value: deflated at zlib's best compression, in base64url without padding.
    public static func encode(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let bound = relief_deflate_raw_bound(bytes.count)
        var deflated = [UInt8](repeating: 0, count: bound)
        let written = bytes.withUnsafeBufferPointer { input in
            deflated.withUnsafeMutableBufferPointer { output in
                relief_deflate_raw(input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        // zlib only fails to deflate when it cannot allocate its state, which a process that gets
        // this far has no way around.
        precondition(written > 0, "zlib could not deflate \(bytes.count) bytes")
        return Base64URL.encode(deflated[..<written])
    }

    private static func inflate(_ deflated: [UInt8]) throws(ScreenSourceError) -> [UInt8] {
        let limit = ScreenLimits.sourceBytes
        var output = [UInt8](repeating: 0, count: limit + 1)
        var length = 0
        var message: UnsafePointer<CChar>?
        let status = deflated.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                relief_inflate_raw(input.baseAddress, input.count, buffer.baseAddress, buffer.count, &length, &message)
            }
        }
        switch status {
        case relief_inflate_ok where length <= limit:
            return Array(output[..<length])
        case relief_inflate_ok, relief_inflate_too_long:
            throw .sourceTooLarge(limit: limit)
        case relief_inflate_bad_data:
            throw .invalidDeflate(detail: message.map { String(cString: $0) } ?? "not a DEFLATE stream")
        case relief_inflate_truncated:
            throw .invalidDeflate(detail: "the stream ends before its last block")
        case relief_inflate_trailing_bytes:
            throw .invalidDeflate(detail: "bytes follow the end of the stream")
        default:
            throw .invalidDeflate(detail: "zlib could not allocate its state")
        }
    }

    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }
}

/// Why a `source=` value was refused.
public enum ScreenSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Longer than ``ScreenSource/maximumEncodedLength`` characters.
    case encodedTooLong(length: Int, limit: Int)
    /// A character outside base64url's alphabet, at a 0-based offset.
    case invalidBase64URL(offset: Int, found: String)
    /// A length no base64url text without padding has (one character past a multiple of four).
    case invalidBase64URLLength(length: Int)
    /// The bytes are not one complete raw DEFLATE stream.
    case invalidDeflate(detail: String)
    /// The inflated text is longer than ``ScreenLimits/sourceBytes``.
    case sourceTooLarge(limit: Int)
    /// The inflated bytes are not UTF-8 from the byte at this 0-based offset.
    case invalidUTF8(byteOffset: Int)

    /// The sentence an HTTP 400 or the command line shows: the problem and what is allowed.
    public var description: String {
        switch self {
        case .encodedTooLong(let length, let limit):
            "source is \(length) characters long; at most \(limit) are allowed (\(ScreenLimits.sourceBytes) bytes of layout text)"
        case .invalidBase64URL(let offset, let found):
            "source has \(found) at character \(offset + 1); base64url without padding allows only A-Z, a-z, 0-9, - and _"
        case .invalidBase64URLLength(let length):
            "source is \(length) characters long, which no base64url text without padding is (a multiple of 4, plus 0, 2 or 3)"
        case .invalidDeflate(let detail):
            "source is not raw DEFLATE (RFC 1951) data: \(detail)"
        case .sourceTooLarge(let limit):
            "source inflates to more than \(limit) bytes of layout text, the most a screen may have"
        case .invalidUTF8(let byteOffset):
            "source inflates to bytes that are not UTF-8 from byte \(byteOffset + 1); the layout must be UTF-8 text"
        }
    }
}

/// Base64url (RFC 4648 §5) without padding.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    static func encode(_ bytes: ArraySlice<UInt8>) -> String {
        var characters: [UInt8] = []
        characters.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let count = min(3, bytes.endIndex - index)
            var group: UInt32 = 0
            for offset in 0..<3 {
                group = group << 8 | UInt32(offset < count ? bytes[index + offset] : 0)
            }
            for position in 0...count {
                characters.append(alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3F)])
            }
            index += count
        }
        return String(decoding: characters, as: UTF8.self)
    }

    static func decode(_ characters: [UInt8]) throws(ScreenSourceError) -> [UInt8] {
        guard characters.count % 4 != 1 else { throw .invalidBase64URLLength(length: characters.count) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count * 3 / 4)
        var group: UInt32 = 0
        var bits = 0
        for (offset, character) in characters.enumerated() {
            let value = values[Int(character)]
            guard value != 0xFF else {
                throw .invalidBase64URL(offset: offset, found: describe(character))
            }
            group = group << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
            }
        }
        return bytes
    }

    /// The offending character as a reader sees it: `=` or `+` quoted, other bytes in hex.
    private static func describe(_ character: UInt8) -> String {
        if (0x21...0x7E).contains(character) {
            return "'\(Character(Unicode.Scalar(character)))'"
        }
        return "the byte 0x" + String(character, radix: 16, uppercase: true)
    }
}
