import ReliefGeometry

/// A refused request drawn as a picture, for clients that show whatever image body they get: a
/// broken `<img>` in a mockup then says in words what is wrong with its query.
///
/// A pale card with a red border, as wide as ``width`` points: the heading in bold red, then the
/// detail and what is allowed, each wrapped at word boundaries (and inside words too long for a line)
/// and cut at ``maxLinesPerBlock`` lines with an ellipsis.
public enum ProblemCard {
    /// The card's width in points; the height follows the text.
    public static let width = 440.0
    static let padding = 16.0
    static let border = 2.0
    static let gapBetweenBlocks = 6.0
    /// More lines than this in one block are cut, the last one ending in `…`.
    static let maxLinesPerBlock = 8
    static let background = Color(255, 250, 249)
    static let accent = Color(179, 38, 30)
    static let ink = Color(28, 27, 31)
    static let mutedInk = Color(73, 69, 79)

    /// The scene of a problem: `heading` (e.g. `400 Invalid parameter: size`), `detail`, and what is
    /// `allowed` when there is something to say.
    public static func scene(heading: String, detail: String, allowed: String?, shaper: any TextShaper) throws -> Scene {
        var blocks = [
            TextRun(heading, size: 15, weight: .bold, color: accent),
            TextRun(detail, size: 13, weight: .regular, color: ink),
        ]
        if let allowed {
            blocks.append(TextRun("Allowed: " + allowed, size: 13, weight: .regular, color: mutedInk))
        }
        let textWidth = width - 2 * padding
        let paragraphs: [View] = try blocks.map { block in
            let lines = try LabelLayout.wrap(block, width: textWidth, hardWidth: textWidth, shaper: shaper)
            return .vStack(shortened(lines).map { .hStack([.text($0), .spacer]) }, spacing: 0)
        }
        let text = View.vStack(paragraphs, spacing: gapBetweenBlocks)
        let height = try (text.fixedHeight(shaper: shaper) ?? 0) + 2 * padding
        let frame = Rect(x: 0, y: 0, width: width, height: height.rounded(.up))
        let card = SceneShape.roundedRectangle(cornerRadius: 0)
        let content = View.zStack([
            card.fill(accent),
            card.fill(background).padding(border),
            text.padding(padding),
        ])
        return Scene(size: frame.size, background: nil, content: content, frame: frame, outline: card)
    }

    /// At most ``maxLinesPerBlock`` lines, the last of a cut block ending in `…`.
    private static func shortened(_ lines: [TextRun]) -> [TextRun] {
        guard lines.count > maxLinesPerBlock else { return lines }
        var kept = Array(lines.prefix(maxLinesPerBlock))
        kept[kept.count - 1].string = String(kept[kept.count - 1].string.dropLast(2)) + "…"
        return kept
    }
}
