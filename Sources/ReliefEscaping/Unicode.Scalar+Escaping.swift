extension Unicode.Scalar {
    /// Whether this is a control character, Unicode's general category Cc: exactly U+0000–U+001F (C0)
    /// and U+007F–U+009F (DEL and C1).
    @inline(__always)
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// Whether received text may not show this scalar as it is, wherever it is written (JSON, a log
    /// line, an error message): a control character, which can end a line or drive a terminal, or a
    /// bidi format character (Unicode's Bidi_Control: U+061C, U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069), which can make the rest of a line read backwards.
    public var mustBeEscapedInReceivedText: Bool {
        isControlCharacter || properties.isBidiControl
    }
}

extension StringProtocol {
    /// The text with every scalar for which `replacement` gives a spelling written so, and the
    /// others as they are: the one loop of every escaping.
    public func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if let spelling = replacement(scalar) {
                result += spelling
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text as the inside of a Swift string literal: quotes and backslashes escaped, and the
    /// scalars `isEscaped` picks (by default those of ``Swift/Unicode/Scalar/mustBeEscapedInReceivedText``)
    /// as `\u{…}` in uppercase hex.
    public func swiftLiteralEscaped(
        where isEscaped: (Unicode.Scalar) -> Bool = { $0.mustBeEscapedInReceivedText }
    ) -> String {
        replacingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case _ where isEscaped(scalar): "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: nil
            }
        }
    }
}
