/// A line shaped in font units: its runs left to right, each in its own face's units.
struct LineRuns: Sendable {
    /// One run as shaped, with what laying it out at a size needs.
    struct Run: Sendable {
        let face: FontFace
        let shaped: ShapedRun
        let isRightToLeft: Bool
        /// The UTF-8 offset of the run's first character in the line's text.
        let textOffset: Int
    }

    /// The face of the line's family and weight, whose metrics set the line's height at least.
    let primary: FontFace
    let runs: [Run]
    /// Whether the paragraph reads right to left.
    let isRightToLeft: Bool
}
