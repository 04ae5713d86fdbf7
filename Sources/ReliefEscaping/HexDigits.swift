/// Hexadecimal digits of a fixed width, as escapes (`\u00e9`, `%2F`), colours (`5b8def`) and digests
/// spell numbers.
public enum HexDigits {
    /// `value` (not negative) in hex, padded with zeros to at least `width` digits: `padded(10, width: 2)`
    /// is `0a`.
    public static func padded(_ value: some BinaryInteger, width: Int, uppercase: Bool = false) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    }

    /// Two lowercase digits a byte, in order: `[91, 141, 239]` is `5b8def`.
    public static func bytes<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element: BinaryInteger {
        bytes.map { padded($0, width: 2) }.joined()
    }
}
