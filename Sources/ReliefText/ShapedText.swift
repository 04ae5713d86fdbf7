import ReliefGeometry

/// One line of text shaped into glyph outlines and colour bitmaps, ready to be filled or printed.
///
/// All values are in points at the size the text was shaped at. The pen starts at the baseline
/// origin (0, 0) and y grows downwards, as in the raster: glyphs above the baseline have negative y.
/// Runs are laid out left to right in visual order, so right-to-left text is already reordered.
public struct ShapedText: Sendable, Hashable {
    /// Glyph outlines in points, filled with the non-zero winding rule in the text's colour.
    public let path: Path
    /// Colour glyphs (emoji) as bitmaps framed in points, drawn as they are over `path`.
    public let bitmaps: [Bitmap]
    /// Total advance width of the line in points, kerning included.
    public let advance: Double
    /// How far the line reaches above the baseline in points (positive): the largest ascender of the
    /// faces used, the family's own face included.
    public let ascent: Double
    /// How far the line reaches below the baseline in points (positive): the largest descender of the
    /// faces used, the family's own face included.
    public let descent: Double
    /// The tight bounds of outlines and bitmaps (curve extrema, not control points); `nil` when
    /// nothing is inked.
    public let inkBounds: Rect?
    /// Whether the line reads right to left: its first visible strong character is right-to-left.
    public let isRightToLeft: Bool
    /// The runs, left to right: each one face in one direction.
    public let runs: [Run]

    /// Glyphs of one face in one direction, as laid out.
    public struct Run: Sendable, Hashable {
        /// The font file the glyphs come from.
        public let fontFile: String
        /// The face's index in the file (non-zero in font collections).
        public let faceIndex: Int
        /// Whether the run reads right to left; its glyphs are still listed left to right.
        public let isRightToLeft: Bool
        /// The run's glyphs, left to right.
        public let glyphs: [Glyph]
    }

    /// One glyph as laid out.
    public struct Glyph: Sendable, Hashable {
        /// The glyph's index in its face.
        public let id: UInt32
        /// The UTF-8 offset in the text of the first character this glyph draws.
        public let textOffset: Int
        /// The pen's x before the glyph, in points from the line's start.
        public let x: Double
    }

    /// Creates shaped text from its parts; `FontLibrary.shape` is the usual way to get one.
    public init(
        path: Path, bitmaps: [Bitmap] = [], advance: Double, ascent: Double, descent: Double, inkBounds: Rect?,
        isRightToLeft: Bool = false, runs: [Run] = []
    ) {
        self.path = path
        self.bitmaps = bitmaps
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
        self.inkBounds = inkBounds
        self.isRightToLeft = isRightToLeft
        self.runs = runs
    }

    /// The height of the line box, ascent plus descent.
    public var lineHeight: Double { ascent + descent }
}
