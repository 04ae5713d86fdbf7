import ReliefGeometry

/// Turns a run of text into outlines; the scene measures text with it, back ends draw the outlines.
public protocol TextShaper: Sendable {
    func shape(_ run: TextRun) throws -> ShapedLine

    /// `run`'s line as ``shape(_:)`` gives it, without its outlines or bitmaps (empty): what layout and
    /// line breaking measure, many times a line.
    func measure(_ run: TextRun) throws -> ShapedLine

    /// Where a line of `run` may end, as the indices in `run.string` where the next line would start,
    /// in order; the end of the string is not among them.
    func lineBreakOpportunities(in run: TextRun) throws -> [String.Index]
}

extension TextShaper {
    /// The shaped line, for shapers that cannot measure more cheaply.
    public func measure(_ run: TextRun) throws -> ShapedLine {
        try shape(run)
    }

    /// The advance of `run` as ``shape(_:)`` gives it.
    public func advance(of run: TextRun) throws -> Double {
        try measure(run).advance
    }

    /// After every stretch of spaces, for shapers without the Unicode line-breaking rules.
    public func lineBreakOpportunities(in run: TextRun) throws -> [String.Index] {
        let text = run.string
        return text.indices.filter { $0 > text.startIndex && text[$0] != " " && text[text.index(before: $0)] == " " }
    }
}

/// One shaped line of text in points: outlines with the baseline's start at (0, 0), y growing down.
public struct ShapedLine: Sendable, Hashable {
    public var path: Path
    /// Colour glyphs (emoji) as bitmaps in points, drawn as they are over the outlines.
    public var bitmaps: [Bitmap]
    public var advance: Double
    public var ascent: Double
    public var descent: Double
    /// Whether the line reads right to left (its first strong character does), so that what leads
    /// it, such as an icon, goes at its right.
    public var isRightToLeft: Bool

    public init(
        path: Path, bitmaps: [Bitmap] = [], advance: Double, ascent: Double, descent: Double,
        isRightToLeft: Bool = false
    ) {
        self.path = path
        self.bitmaps = bitmaps
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
        self.isRightToLeft = isRightToLeft
    }

    /// The height of the line box, ascent plus descent.
    public var lineHeight: Double { ascent + descent }
}
