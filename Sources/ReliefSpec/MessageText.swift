/// Received input shown in error messages, which may end up in logs, terminals and JSON: the one
/// quoting of message text, for the parser's errors and the service's problem documents alike.
public enum MessageText {
    /// Longest stretch of a received value shown in a message; the rest becomes `…`.
    public static let maxShownCharacters = 64

    /// `text` in double quotes, with quotes, backslashes and control characters escaped and
    /// anything beyond ``maxShownCharacters`` cut off.
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` with quotes, backslashes and control characters (C0, DEL, C1) escaped as in Swift
    /// literals, shortened to ``maxShownCharacters``.
    public static func escaped(_ text: String) -> String {
        let shown = text.count > maxShownCharacters ? text.prefix(maxShownCharacters) + "…" : Substring(text)
        var result = ""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
