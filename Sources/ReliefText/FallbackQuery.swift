/// What a fallback face must cover and what it should look like, as asked of fontconfig.
struct FallbackQuery: Sendable, Hashable {
    /// The characters the face must have, default-ignorable ones left out.
    let scalars: [Unicode.Scalar]
    /// Families to prefer, best first; the generic name last brings in fontconfig's own preferences.
    let families: [String]
    /// Fontconfig's language name (`zh-tw`, `ja`), which picks regional forms; nil for none.
    let language: String?
    let weight: FontWeight
    /// Whether a colour font is wanted: the characters are emoji in emoji presentation.
    let wantsColor: Bool
}
