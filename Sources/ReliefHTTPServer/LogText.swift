/// Received text made safe for one line of a log: the escaping of every log line the server and
/// the service write.
public enum LogText {
    /// `text` with control characters, spaces and backslashes written as `\xHH` and bidi format
    /// characters (Unicode's Bidi_Control: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as
    /// `\uHHHH`, other text as is, so a value never breaks its line or its space-separated field, and
    /// never makes the rest of a line read backwards.
    public static func escaped(_ text: String) -> String {
        // The common case, printable ASCII without spaces or backslashes, goes through untouched.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            // Unicode's control characters (Cc) are exactly U+0000–U+001F and U+007F–U+009F.
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == " " || scalar == "\\" {
                let hex = String(scalar.value, radix: 16)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else if scalar.properties.isBidiControl {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
