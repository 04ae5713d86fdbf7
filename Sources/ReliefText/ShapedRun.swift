import ReliefGeometry

/// A run shaped in font units: y down, pen starting at the baseline origin, glyphs left to right.
struct ShapedRun: Sendable, Hashable {
    /// One glyph: which, from which character, and where its pen stood.
    struct Glyph: Sendable, Hashable {
        /// The glyph's index in its font.
        let id: UInt32
        /// The UTF-8 offset in the run's text of the first character the glyph draws.
        let cluster: Int
        /// The pen's x before the glyph, in font units from the run's start.
        let x: Double
    }

    /// Outlines of the glyphs that have them.
    let path: Path
    /// The glyphs that are colour bitmaps, framed in font units.
    let bitmaps: [Bitmap]
    /// Every glyph, left to right.
    let glyphs: [Glyph]
    let advance: Double
    /// The tight bounds of outlines and bitmaps; nil when nothing is inked.
    let inkBounds: Rect?
}
