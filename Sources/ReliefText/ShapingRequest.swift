/// What HarfBuzz needs to shape one run: its text, in one direction, script and language.
struct ShapingRequest: Sendable, Hashable {
    /// The run's characters in logical order.
    let text: String
    /// Whether the run reads right to left; HarfBuzz then returns its glyphs from left to right.
    let isRightToLeft: Bool
    /// The run's script as an ISO 15924 tag in HarfBuzz's form (`Arab`), or nil to let HarfBuzz
    /// take it from the first character with a script of its own.
    let script: UInt32?
    /// A BCP 47 tag choosing the font's language-specific forms, or nil for the process's default.
    let language: String?
}
