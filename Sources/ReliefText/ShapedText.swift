import ReliefGeometry

/// One line of text shaped into glyph outlines, ready to be filled or printed.
///
/// All values are in points at the size the text was shaped at. The pen starts at the baseline
/// origin (0, 0) and y grows downwards, as in the raster: glyphs above the baseline have negative y.
public struct ShapedText: Sendable, Hashable {
    /// Glyph outlines in points, filled with the non-zero winding rule.
    public let path: Path
    /// Total advance width of the line in points, kerning included.
    public let advance: Double
    /// The font's ascender in points: how far the line reaches above the baseline (positive).
    public let ascent: Double
    /// The font's descender in points: how far the line reaches below the baseline (positive).
    public let descent: Double
    /// The tight bounds of the outlines (curve extrema, not control points); `nil` when nothing is inked.
    public let inkBounds: Rect?

    /// Creates shaped text from its parts; `FontLibrary.shape` is the usual way to get one.
    public init(path: Path, advance: Double, ascent: Double, descent: Double, inkBounds: Rect?) {
        self.path = path
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
        self.inkBounds = inkBounds
    }

    /// The height of the line box, ascent plus descent.
    public var lineHeight: Double { ascent + descent }
}
