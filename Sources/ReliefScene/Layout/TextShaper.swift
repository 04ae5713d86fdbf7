import ReliefGeometry

/// Turns a run of text into outlines; the scene measures text with it, back ends draw the outlines.
public protocol TextShaper: Sendable {
    func shape(_ run: TextRun) throws -> ShapedLine
}

/// One shaped line of text in points: outlines with the baseline's start at (0, 0), y growing down.
public struct ShapedLine: Sendable, Hashable {
    public var path: Path
    public var advance: Double
    public var ascent: Double
    public var descent: Double

    public init(path: Path, advance: Double, ascent: Double, descent: Double) {
        self.path = path
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
    }

    /// The height of the line box, ascent plus descent.
    public var lineHeight: Double { ascent + descent }
}
