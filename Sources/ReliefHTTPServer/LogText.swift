/// Received text made safe for one line of a log: the escaping of every log line the server and
/// the service write.
public enum LogText {
    /// `text` with control characters, spaces and backslashes written as `\xHH`, other text as is,
    /// so a value never breaks its line or its space-separated field.
    public static func escaped(_ text: String) -> String {
        // The common case, printable ASCII without spaces or backslashes, goes through untouched.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            // Unicode's control characters (Cc) are exactly U+0000–U+001F and U+007F–U+009F.
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == " " || scalar == "\\" {
                let hex = String(scalar.value, radix: 16)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
