/// The `name=value&name=value` syntax of a URL query, with percent-encoding (RFC 3986, plus the
/// form convention that `+` is a space).
enum QueryString {
    /// One decoded `name=value` pair. A pair written without `=` has an empty value.
    struct Pair: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// The parameter name used in errors about the query's syntax rather than one parameter.
    static let syntaxParameter = "query"

    /// What a well-formed query looks like, for errors about its syntax.
    static let syntaxAllowed = "name=value pairs joined by &, with %XX escapes of UTF-8 bytes and + for a space"

    /// The decoded pairs of `query` in order. Empty pairs (from `&&` or a trailing `&`) are skipped.
    static func pairs(in query: String) throws(SpecError) -> [Pair] {
        var pairs: [Pair] = []
        for written in query.split(separator: "&") {
            let equals = written.firstIndex(of: "=")
            let name = try decode(written[..<(equals ?? written.endIndex)], in: written)
            let value = try equals.map { (equals) throws(SpecError) in
                try decode(written[written.index(after: equals)...], in: written)
            } ?? ""
            pairs.append(Pair(name: name, value: value))
        }
        return pairs
    }

    /// `text` with `+` made a space and `%XX` escapes made bytes, which must form UTF-8.
    /// `pair` is the whole pair as written, quoted in errors.
    static func decode(_ text: Substring, in pair: Substring) throws(SpecError) -> String {
        do {
            return try PercentDecoding.decode(text, plusIsSpace: true)
        } catch {
            switch error {
            case .malformedEscape: throw syntaxError("a % must be followed by two hex digits", in: pair)
            case .notUTF8: throw syntaxError("its %XX escapes do not form UTF-8 text", in: pair)
            }
        }
    }

    /// `text` percent-encoded for a query: RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`)
    /// stay as they are, every other UTF-8 byte becomes `%XX` in uppercase hex (a space is `%20`).
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    private static func syntaxError(_ problem: String, in pair: Substring) -> SpecError {
        SpecError(
            parameter: syntaxParameter,
            allowed: syntaxAllowed,
            detail: "the query part \(MessageText.quoted(String(pair))) is malformed: \(problem)"
        )
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
