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
        return plain.withUTF8(isPlain) ? text : escapedScalars(of: text)
    }

    /// Whether every byte of `bytes` is plain (``isPlain(_:)-swift.type.method``), eight at a time:
    /// each word is tested whole for a byte below `!`, above `~` or a backslash (exact tests, from
    /// "Bit Twiddling Hacks"), as every access-log line's method and target are.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            while bytes.count - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let belowExclamation = (word &- ones &* 0x21) & ~word & highBits
                let aboveTilde = ((word &+ ones) | word) & highBits
                let backslashesZeroed = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                let backslash = (backslashesZeroed &- ones) & ~backslashesZeroed & highBits
                guard belowExclamation | aboveTilde | backslash == 0 else { return false }
                index += 8
            }
        }
        while index < bytes.count {
            guard isPlain(bytes[index]) else { return false }
            index += 1
        }
        return true
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
