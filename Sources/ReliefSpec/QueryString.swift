import ReliefEscaping

/// The `name=value&name=value` syntax of a URL query, with percent-encoding (RFC 3986, plus the
/// form convention that `+` is a space).
enum QueryString {
    /// One `name=value` pair as written, decoded on demand so that a value that does not decode
    /// is reported against its parameter. A pair written without `=` has an empty value.
    struct Pair: Sendable, Hashable {
        /// The whole pair as written, quoted in errors.
        var written: Substring

        private var equals: Substring.Index? { written.firstIndex(of: "=") }

        /// The decoded name; a name that does not decode is an error about the query's syntax.
        func name() throws(SpecError) -> String {
            do {
                return try PercentDecoding.decode(written[..<(equals ?? written.endIndex)], plusIsSpace: true)
            } catch {
                throw SpecError(
                    parameter: syntaxParameter, allowed: syntaxAllowed,
                    detail: "the query part \(MessageText.quoted(String(written))) is malformed: \(error.words)")
            }
        }

        /// The decoded value of `parameter`; one that does not decode is an error naming it.
        func value(of parameter: QueryParameter) throws(SpecError) -> String {
            guard let equals else { return "" }
            do {
                return try PercentDecoding.decode(written[written.index(after: equals)...], plusIsSpace: true)
            } catch {
                throw SpecError(
                    parameter: parameter.name, allowed: parameter.allowed,
                    detail: "\(parameter.name) must be \(parameter.allowed), written as %XX escapes of UTF-8 "
                        + "bytes; in \(MessageText.quoted(String(written))) \(error.words)")
            }
        }
    }

    /// The parameter name used in errors about the query's syntax rather than one parameter.
    static let syntaxParameter = "query"

    /// What a well-formed query looks like, for errors about its syntax.
    static let syntaxAllowed = "name=value pairs joined by &, with %XX escapes of UTF-8 bytes and + for a space"

    /// The pairs of `query` in order. Empty pairs (from `&&` or a trailing `&`) are skipped.
    static func pairs(in query: String) -> [Pair] {
        query.split(separator: "&").map { Pair(written: $0) }
    }

    /// `text` percent-encoded for a query: RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`)
    /// stay as they are, every other UTF-8 byte becomes `%XX` in uppercase hex (a space is `%20`).
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + HexDigits.padded(byte, width: 2, uppercase: true)
            }
        }
        return encoded
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
