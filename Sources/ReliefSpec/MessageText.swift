import ReliefEscaping

/// Received input shown in error messages, which may end up in logs, terminals and JSON: the one
/// quoting of message text, for the parser's errors and the service's problem documents alike.
public enum MessageText {
    /// Longest stretch of a received value shown in a message; the rest becomes `…`.
    public static let maxShownCharacters = 64

    /// `text` in double quotes, with quotes, backslashes, control and bidi format characters escaped
    /// and anything beyond ``maxShownCharacters`` cut off.
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` with quotes, backslashes, control characters (C0, DEL, C1) and bidi format characters
    /// escaped as in Swift literals, shortened to ``maxShownCharacters``.
    ///
    /// The bidi format characters are Unicode's Bidi_Control set (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069): shown raw, a right-to-left override makes the rest of a
    /// message read backwards.
    public static func escaped(_ text: String) -> String {
        let shown = text.count > maxShownCharacters ? text.prefix(maxShownCharacters) + "…" : Substring(text)
        return shown.swiftLiteralEscaped()
    }
}
