import ReliefEscaping

/// The rule for text a picture draws: a component's label, a segment, a layout's `Text`. One rule,
/// so that nothing `/render` refuses can be drawn through `/screen`.
public enum DrawnText {
    /// What the rule accepts, in words, for error messages.
    public static func allowed(maxCharacters: Int) -> String {
        "text of 1 to \(maxCharacters) characters (grapheme clusters) that shows something, "
            + "without control characters or bidi embedding, override and isolate controls"
    }

    /// Why `text` cannot be drawn as text of at most `maxCharacters` characters (grapheme clusters),
    /// or nil when it can: it is empty, too long, holds a control character or a bidi control that
    /// can disguise it (``Swift/String/firstDirectionalFormattingControl``), or shows nothing.
    public static func refusal(of text: String, maxCharacters: Int) -> String? {
        if text.isEmpty { return "it is empty" }
        if text.graphemeClusterCount > maxCharacters { return "it has \(text.graphemeClusterCount) characters" }
        let maxScalars = RenderSpec.Limits.maxLabelScalars
        if text.unicodeScalars.count > maxScalars {
            return "it has \(text.unicodeScalars.count) Unicode scalars, more than \(maxScalars)"
        }
        if text.unicodeScalars.contains(where: \.isControlCharacter) { return "it contains a control character" }
        if let control = text.firstDirectionalFormattingControl {
            return "it contains U+\(String(control.value, radix: 16, uppercase: true)), a bidi control that can "
                + "make text show in another order than it reads"
        }
        if !text.hasVisibleCharacters { return "it shows nothing: only spaces and invisible characters" }
        return nil
    }
}
