/// Shapes text into glyph outlines and colour glyphs with the fonts of a `Configuration` and, for
/// the characters those lack, the installed fonts fontconfig finds.
///
/// Each line is split into runs by the font that has its characters, by direction (the Unicode
/// bidi algorithm) and by script; each run is shaped by HarfBuzz and the runs are laid out left to
/// right. Fonts are opened on first use and kept for the life of the library; shaped lines, runs,
/// glyph outlines and fallback choices are cached in font units, so repeated labels at any size are
/// cheap. Shaping is thread-safe: each font and each cache is guarded by its own lock.
public struct FontLibrary: Sendable {
    /// The font files this library reads first.
    public let configuration: Configuration
    private let shaper: LineShaper

    /// A library reading the fonts of `configuration`; nothing is opened until text is shaped.
    public init(configuration: Configuration = .standard) {
        self.configuration = configuration
        shaper = LineShaper(configuration: configuration)
    }

    /// The process-wide library with the standard fonts.
    public static let shared = FontLibrary()

    /// Shapes `text` as one line at `size` points in `family` and `weight`, with kerning and the
    /// fonts' other default features applied.
    ///
    /// - Parameters:
    ///   - language: a BCP 47 tag (`zh-Hant`, `zh-Hans`, `ja`, `ar`) that picks regional glyph forms,
    ///     both in the choice of fallback font and in the font's language-specific features; nil lets
    ///     the text's scripts decide.
    ///
    /// Characters no installed font has are drawn with the family's missing-glyph box. Throws when
    /// `size` is not a positive finite number, when no font file of the family and weight can be
    /// read, or when a C library fails.
    public func shape(
        _ text: String, size: Double, weight: FontWeight, family: FontFamily = .sans,
        language: String? = nil
    ) throws(TextError) -> ShapedText {
        guard size.isFinite, size > 0 else { throw TextError(.invalidSize(size)) }
        let line = try shaper.line(text, style: FaceStyle(family: family, weight: weight), language: LanguageTag(language))
        return ShapedText(line, size: size)
    }

    /// The advance, ascent and descent in points of `text` shaped as
    /// ``shape(_:size:weight:family:language:)`` shapes it — the same numbers as its ``ShapedText`` —
    /// without laying out its outlines: what measuring text for line breaks needs, many times a line.
    public func metrics(
        of text: String, size: Double, weight: FontWeight, family: FontFamily = .sans, language: String? = nil
    ) throws(TextError) -> (advance: Double, ascent: Double, descent: Double, isRightToLeft: Bool) {
        guard size.isFinite, size > 0 else { throw TextError(.invalidSize(size)) }
        let line = try shaper.line(text, style: FaceStyle(family: family, weight: weight), language: LanguageTag(language))
        let primaryScale = size / line.primary.unitsPerEm
        var ascent = line.primary.ascender * primaryScale, descent = line.primary.descender * primaryScale
        var advance = 0.0
        for run in line.runs {
            let scale = size / run.face.unitsPerEm
            ascent = max(ascent, run.face.ascender * scale)
            descent = max(descent, run.face.descender * scale)
            advance += run.shaped.advance * scale
        }
        return (advance, ascent, descent, line.isRightToLeft)
    }
}
