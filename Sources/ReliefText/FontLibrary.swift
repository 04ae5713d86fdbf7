/// Shapes text into glyph outlines with the fonts of a `Configuration`.
///
/// Fonts are opened on first use and kept for the life of the library; shaped lines and glyph
/// outlines are cached in font units, so repeated labels at any size are cheap. Shaping is
/// thread-safe: each font is guarded by its own lock.
public struct FontLibrary: Sendable {
    /// The font files this library reads.
    public let configuration: Configuration
    private let store: FaceStore

    /// A library reading the fonts of `configuration`; nothing is opened until text is shaped.
    public init(configuration: Configuration = .standard) {
        self.configuration = configuration
        store = FaceStore(configuration: configuration)
    }

    /// The process-wide library with the standard fonts.
    public static let shared = FontLibrary()

    /// Shapes `text` as one line at `size` points in `weight`, with kerning and the font's other
    /// default features applied.
    ///
    /// Characters the font lacks are drawn with its missing-glyph box. Throws when `size` is not a
    /// positive finite number or when no font file for `weight` can be read.
    public func shape(_ text: String, size: Double, weight: FontWeight) throws(TextError) -> ShapedText {
        guard size.isFinite, size > 0 else { throw TextError(.invalidSize(size)) }
        let face = try store.face(for: weight)
        let run = try face.shape(text)
        let scale = size / face.unitsPerEm
        return ShapedText(
            path: run.path.scaled(by: scale),
            advance: run.advance * scale,
            ascent: face.ascender * scale,
            descent: face.descender * scale,
            inkBounds: run.inkBounds?.scaled(by: scale)
        )
    }
}
