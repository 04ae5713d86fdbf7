/// Splits a line into runs that each take one face, one bidi level and one script, in logical order.
///
/// The unit is the grapheme cluster (Swift's `Character`): a base and its marks, an emoji with its
/// modifiers and joiners, a flag's two letters all go to one face. A cluster goes to the style's own
/// face when that face has it, else to a fallback face that does; emoji in emoji presentation go to
/// a colour face even when the style's face has a black-and-white form.
struct TextItemizer {
    /// The face of the label's family and weight.
    let primary: FontFace
    let style: FaceStyle
    /// The caller's language, which also picks HarfBuzz's language-specific forms.
    let language: LanguageTag?
    let fallback: FontFallback

    /// The runs of `text` in logical order, and whether its paragraph reads right to left.
    func runs(of text: String) throws(TextError) -> (runs: [ItemizedRun], isRightToLeft: Bool) {
        let scalars = Array(text.unicodeScalars)
        let paragraph = try BidiParagraph(scalars)
        let scripts = Self.resolvedScripts(of: scalars)
        let fontLanguage = language ?? LanguageTag.implied(by: scripts)

        var runs: [ItemizedRun] = []
        var scalarIndex = 0
        var start = text.startIndex
        var previousFace: FontFace?
        while start < text.endIndex {
            let end = text.index(after: start)
            let cluster = Array(text.unicodeScalars[start..<end])
            let face = try face(for: cluster, script: scripts[scalarIndex], language: fontLanguage, after: previousFace)
            let level = paragraph.levels[scalarIndex], script = scripts[scalarIndex]
            if let last = runs.last, last.face === face, last.level == level, last.script == script {
                runs[runs.count - 1].range = last.range.lowerBound..<end
            } else {
                runs.append(ItemizedRun(range: start..<end, face: face, level: level, script: script))
            }
            scalarIndex += cluster.count
            start = end
            previousFace = face
        }
        return (runs, paragraph.isRightToLeft)
    }

    /// The face for one grapheme cluster: the primary when it has every visible character, else a
    /// fallback that has them, else the primary (whose missing-glyph box then shows the gap).
    private func face(
        for cluster: [Unicode.Scalar], script: ScriptTag, language: LanguageTag?,
        after previous: FontFace?
    ) throws(TextError) -> FontFace {
        let visible = cluster.filter { !$0.properties.isDefaultIgnorableCodePoint }
        // Invisible controls (joiners, marks, selectors) stay with their neighbour's run.
        guard !visible.isEmpty else { return previous ?? primary }
        let isEmoji = Self.isEmojiPresentation(cluster)
        if !isEmoji, primary.covers(visible) { return primary }
        return try fallback.face(covering: visible, script: script, isEmoji: isEmoji, style: style, language: language)
            ?? primary
    }

    /// Whether a cluster shows as a colour emoji (UTS #51): asked for with U+FE0F or an emoji modifier,
    /// or emoji by default, unless U+FE0E asks for text.
    private static func isEmojiPresentation(_ cluster: [Unicode.Scalar]) -> Bool {
        if cluster.contains("\u{FE0E}") { return false }
        return cluster.contains { $0 == "\u{FE0F}" || $0.properties.isEmojiPresentation || $0.properties.isEmojiModifier }
    }

    /// Each scalar's script, where characters shared between scripts (spaces, digits, punctuation,
    /// marks) take the script before them, or at the start the first script after them.
    private static func resolvedScripts(of scalars: [Unicode.Scalar]) -> [ScriptTag] {
        var scripts = scalars.map(ScriptTag.init(of:))
        var current: ScriptTag?
        for index in scripts.indices {
            if scripts[index].isShared {
                if let current { scripts[index] = current }
            } else {
                current = scripts[index]
            }
        }
        if let first = scripts.first(where: { !$0.isShared }) {
            for index in scripts.indices {
                guard scripts[index].isShared else { break }
                scripts[index] = first
            }
        }
        return scripts
    }
}
