extension String {
    /// Whether drawing the text would show anything: false when it holds only spaces, line or
    /// paragraph separators, control and format characters (U+200B ZERO WIDTH SPACE, U+FEFF, tag
    /// characters, U+061C ARABIC LETTER MARK) and other default-ignorable code points (variation
    /// selectors, U+3164 HANGUL FILLER).
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

    /// The first explicit directional embedding, override or isolate control (U+202A–U+202E,
    /// U+2066–U+2069), or nil. These make text show in another order than it is read, which can
    /// disguise it (a file name or a price spelled backwards); the marks U+200E, U+200F and U+061C,
    /// which only lend a direction to their neighbours, are not among them.
    public var firstDirectionalFormattingControl: Unicode.Scalar? {
        unicodeScalars.first { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }
}
