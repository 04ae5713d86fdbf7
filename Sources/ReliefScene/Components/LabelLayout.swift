import ReliefGeometry
import ReliefSpec

/// How a label sizes its button or toggle (Dynamic Type, seed 002): the frame grows to hold the text
/// and its padding, so `width` and `height` (or `size`) are minimums.
///
/// - At the standard sizes (xs–xxxl) the label stays on one line and the control widens; a circle
///   grows until the padded text fits inside it.
/// - At the accessibility sizes (ax1–ax5) a label wider than the requested width wraps at word
///   boundaries onto more lines, and the control grows taller instead: a capsule or circle becomes a
///   rounded rectangle with the corner radius it had, so the target stays large and nothing is cut off.
/// - A line never exceeds the largest frame side (``RenderSpec/Limits/side``) less padding: a longer
///   line wraps at any size, and a word longer than that breaks between characters.
struct LabelLayout {
    /// The least padding around the text, in points: SwiftUI's default padding.
    static let minimumPadding = 16.0
    /// Padding as a fraction of the corner radius, so the text's corners stay inside round corners
    /// (a corner of radius r cuts r·(1 − 1/√2) ≈ 0.29 r into the frame's diagonal).
    static let paddingPerCornerRadius = 0.3

    /// The label's lines, top to bottom.
    var lines: [TextRun]
    /// The frame the control takes.
    var size: Size
    /// The control's outline in that frame.
    var shape: SceneShape

    init(label: String, spec: RenderSpec, color: Color, shaper: any TextShaper) throws {
        let run = TextRun(label, size: spec.textSize.pointSize, weight: .regular, color: color)
        let requestedRadius: Double = switch spec.shape {
        case .circle, .capsule: spec.height / 2
        case .rounded:
            RoundedRect(rect: Rect(x: 0, y: 0, width: spec.width, height: spec.height), cornerRadius: spec.radius).cornerRadius
        }
        let padding = max(Self.minimumPadding, Self.paddingPerCornerRadius * requestedRadius)
        let widest = RenderSpec.Limits.side.upperBound - 2 * padding
        let wrapWidth = spec.textSize.isAccessibilitySize ? max(spec.width - 2 * padding, 0) : widest
        lines = try Self.wrap(run, width: wrapWidth, hardWidth: widest, shaper: shaper)

        let shaped = try lines.map { try shaper.shape($0) }
        let textWidth = shaped.map(\.advance).max() ?? 0
        let textHeight = shaped.reduce(0) { $0 + $1.ascent + $1.descent }
        switch (spec.shape, lines.count > 1) {
        case (.circle, false):
            let side = max(spec.width, ((textWidth + 2 * Self.minimumPadding) * (textWidth + 2 * Self.minimumPadding)
                + (textHeight + 2 * Self.minimumPadding) * (textHeight + 2 * Self.minimumPadding)).squareRoot())
            size = Size(side, side)
            shape = .circle
        case (.capsule, false):
            let height = max(spec.height, textHeight + 2 * Self.minimumPadding)
            let endPadding = max(Self.minimumPadding, Self.paddingPerCornerRadius * height / 2)
            size = Size(max(spec.width, textWidth + 2 * endPadding), height)
            shape = .capsule
        case (.rounded, _), (.circle, true), (.capsule, true):
            size = Size(max(spec.width, textWidth + 2 * padding), max(spec.height, textHeight + 2 * padding))
            shape = .roundedRectangle(cornerRadius: requestedRadius)
        }
    }

    /// Greedy wrapping at spaces: each line takes as many words as fit `width`. A word wider than
    /// `width` gets a line of its own; one wider than `hardWidth` is broken between characters.
    static func wrap(_ run: TextRun, width: Double, hardWidth: Double, shaper: any TextShaper) throws -> [TextRun] {
        func fits(_ text: String, _ limit: Double) throws -> Bool {
            var candidate = run
            candidate.string = text
            return try shaper.shape(candidate).advance <= limit
        }
        var pieces: [String] = []
        for word in run.string.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            guard try !fits(word, hardWidth) else {
                pieces.append(word)
                continue
            }
            var piece = ""
            for character in word {
                if !piece.isEmpty, try !fits(piece + String(character), hardWidth) {
                    pieces.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            pieces.append(piece)
        }
        var lines: [String] = []
        for piece in pieces {
            if let last = lines.last, try fits(last + " " + piece, width) {
                lines[lines.count - 1] = last + " " + piece
            } else {
                lines.append(piece)
            }
        }
        return (lines.isEmpty ? [run.string] : lines).map { text in
            var line = run
            line.string = text
            return line
        }
    }
}
