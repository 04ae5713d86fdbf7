import ReliefEscaping

/// Received text made safe for one line of a log: the escaping of every log line the server and
/// the service write.
public enum LogText {
    /// `text` with control characters, spaces and backslashes written as `\xHH` and bidi format
    /// characters (Unicode's Bidi_Control: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as
    /// `\uHHHH`, other text as is, so a value never breaks its line or its space-separated field, and
    /// never makes the rest of a line read backwards.
    public static func escaped(_ text: String) -> String {
        var plain = text
        return plain.withUTF8 { $0.allSatisfy(isPlain) } ? text : escapedScalars(of: text)
    }

    /// The common case, printable ASCII but spaces and backslashes, goes through untouched.
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\")
    }

    private static func escapedScalars(of text: String) -> String {
        text.replacingScalars { scalar in
            if scalar.isControlCharacter || scalar == " " || scalar == "\\" {
                "\\x" + HexDigits.padded(scalar.value, width: 2)
            } else if scalar.mustBeEscapedInReceivedText {
                "\\u" + HexDigits.padded(scalar.value, width: 4)
            } else {
                nil
            }
        }
    }
}
