/// What values a parameter takes, as data: what `/openapi.json` publishes as the parameter's schema
/// and what tests walk to pick values inside and outside it.
public enum ValueSchema: Sendable, Hashable {
    /// One of these words, exactly.
    case choice([String])
    /// `true` or `false`, also written `1` or `0`.
    case boolean
    /// A plain decimal within the range.
    case number(ClosedRange<Double>)
    /// A whole number within the range, digits only.
    case wholeNumber(ClosedRange<Int>)
    /// `count` values of the element's schema, separated by commas.
    indirect case list(of: ValueSchema, count: ClosedRange<Int>)
    /// Text of 1 to `maxLength` characters (grapheme clusters) that shows something, without
    /// control characters or bidi controls.
    case text(maxLength: Int)
    /// A BCP 47 language tag (`zh-Hant`, `ja`, `ar-EG`); see ``RenderSpec/Limits/maxLanguageTagCharacters``.
    case languageTag
    /// One of the keywords, or an sRGB colour as six hex digits `rrggbb` (optionally after `#`).
    case colour(keywords: [String])
    /// One of the named directions, or whole degrees in `degrees` (clockwise from up).
    case direction([CompassPoint], degrees: ClosedRange<Int>)

    /// Every spelling of a ``boolean`` the parser takes, with the value it stands for; the first
    /// spelling of each value is its canonical one.
    public static let booleanSpellings: [(text: String, value: Bool)] = [
        ("true", true), ("false", false), ("1", true), ("0", false),
    ]
}
