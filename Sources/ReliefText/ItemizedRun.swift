/// Characters of a line that one face draws at one bidi level in one script, in logical order.
struct ItemizedRun {
    /// Where the run is in the line's text.
    var range: Range<String.Index>
    let face: FontFace
    /// The bidi embedding level: odd reads right to left.
    let level: UInt8
    let script: ScriptTag

    var isRightToLeft: Bool { level % 2 == 1 }
}
