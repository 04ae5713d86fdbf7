import ReliefLock

/// Shapes whole lines: splits each into runs, shapes every run in its face and orders the runs from
/// left to right. Lines are remembered in font units, so a label measured and then drawn, or drawn
/// again at another size, is shaped once.
final class LineShaper: Sendable {
    private let store: FaceStore
    private let fallback: FontFallback
    private let lines = Locked(BoundedCache<Key, LineRuns>(capacity: 64))

    private struct Key: Hashable {
        let text: String
        let style: FaceStyle
        let language: LanguageTag?
    }

    init(configuration: FontLibrary.Configuration) {
        store = FaceStore(configuration: configuration)
        fallback = FontFallback(store: store)
    }

    /// `text` as one line in `style`, with `language`'s forms when given.
    func line(_ text: String, style: FaceStyle, language: LanguageTag?) throws(TextError) -> LineRuns {
        let key = Key(text: text, style: style, language: language)
        if let line = lines.withLock({ $0.value(for: key) }) { return line }
        let primary = try store.face(for: style)
        let itemizer = TextItemizer(primary: primary, style: style, language: language, fallback: fallback)
        let (runs, isRightToLeft) = try itemizer.runs(of: text)
        var shaped: [LineRuns.Run] = []
        for index in BidiParagraph.visualOrder(of: runs.map(\.level)) {
            let run = runs[index]
            let request = ShapingRequest(
                text: String(text[run.range]), isRightToLeft: run.isRightToLeft,
                script: run.script.isShared ? nil : run.script.rawValue, language: language?.bcp47)
            shaped.append(
                LineRuns.Run(
                    face: run.face, shaped: try run.face.shape(request), isRightToLeft: run.isRightToLeft,
                    textOffset: text.utf8.distance(from: text.startIndex, to: run.range.lowerBound)))
        }
        let line = LineRuns(primary: primary, runs: shaped, isRightToLeft: isRightToLeft)
        lines.withLock { $0.insert(line, for: key) }
        return line
    }
}
