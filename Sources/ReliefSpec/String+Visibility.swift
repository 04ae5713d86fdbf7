extension String {
    /// Whether drawing the text would show anything: false when it holds only spaces, line or
    /// paragraph separators, control and format characters (U+200B ZERO WIDTH SPACE, U+061C ARABIC
    /// LETTER MARK) and other default-ignorable code points (variation selectors, U+3164 HANGUL FILLER).
    ///
    /// Pure Swift, so the query parser can use it without fonts; a character no font has still
    /// counts as visible, as its missing-glyph box is.
    public var hasVisibleCharacters: Bool {
        unicodeScalars.contains { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format:
                return false
            default:
                return !properties.isDefaultIgnorableCodePoint && !properties.isWhitespace
            }
        }
    }

    /// The number of user-perceived characters: extended grapheme clusters (UAX #29), so a flag, a
    /// family emoji or a letter with its accents counts once. This is Swift's `count`, named for
    /// limits such as a label's 64 characters.
    public var graphemeClusterCount: Int { count }
}
