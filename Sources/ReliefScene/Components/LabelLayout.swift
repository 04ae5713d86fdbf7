import ReliefGeometry
import ReliefSpec

/// How the icon and the label of a button or toggle size its frame (Dynamic Type, seed 002): the
/// frame grows to hold them, so `width` and `height` (or `size`) are minimums.
///
/// - A label alone: at the standard sizes (xs–xxxl) it stays on one line and the control widens; a
///   circle grows until the padded text fits inside it. At the accessibility sizes (ax1–ax5) a label
///   wider than the requested width wraps at the Unicode line-break opportunities (UAX #14: spaces,
///   between CJK ideographs, Thai words) and the control grows taller instead: a capsule or circle
///   becomes a rounded rectangle with the corner radius it had, so nothing is cut off.
/// - An icon alone is a quarter of the frame's smaller side at textsize l and grows with the text
///   size, as an SF Symbol grows with its text style; the frame grows by as much as the icon does,
///   so the icon keeps the padding it had.
/// - An icon and a label: the icon, as large as the default button's at l and growing with the text,
///   leads the words ``spacing`` points away: at their left, at their right when they read right to
///   left. At the accessibility sizes the stack turns vertical, the icon above the words, as the
///   seed's stack views turn; the frame then grows as for wrapped text.
/// - A line never exceeds the largest frame side (``RenderSpec/Limits/side``) less padding and the
///   icon beside it: a longer line wraps at any size, and a word longer than that breaks between
///   characters (grapheme clusters).
struct LabelLayout {
    /// The least padding around the text, in points: SwiftUI's default padding.
    static let minimumPadding = 16.0
    /// Padding as a fraction of the corner radius, so the text's corners stay inside round corners
    /// (a corner of radius r cuts r·(1 − 1/√2) ≈ 0.29 r into the frame's diagonal).
    static let paddingPerCornerRadius = 0.3
    /// The side of an icon's box beside words at textsize l: the default 80-point button's icon.
    static let iconSideBesideText = 20.0
    /// Points between an icon and the words at textsize l (SwiftUI's default stack spacing); it
    /// grows with the text, as a scaled metric does.
    static let iconSpacing = 8.0

    /// The label's lines, top to bottom; empty without a label.
    var lines: [TextRun]
    /// The icon's outline and the side of its box in points; nil without an icon.
    var icon: (path: Path, side: Double)?
    /// Whether the icon sits above the words rather than beside them.
    var isStacked: Bool
    /// Whether the words read right to left, so that the icon leading them sits at their right.
    var isRightToLeft: Bool
    /// Points between the icon and the words.
    var spacing: Double
    /// The frame the control takes.
    var size: Size
    /// The control's outline in that frame.
    var shape: SceneShape

    /// The layout of `face`'s icon and label in `color`, at `look`'s text size and in its font,
    /// measured with `shaper`; nil when the control draws neither.
    init?(face: RenderSpec.Face, look: RenderSpec.Look, color: Color, shaper: any TextShaper) throws {
        // The look has a text size exactly where a label or an icon is drawn.
        guard let textSize = look.textSize else { return nil }
        let frame = face.frame
        let growth = textSize.pointSize / RenderSpec.TextSize.l.pointSize
        let iconPath = IconArtwork.path(for: face.icon)
        guard let label = face.label else {
            guard let iconPath else { return nil }
            let requestedSide = min(frame.width, frame.height) * IconArtwork.frameFraction
            let grown = max(0, requestedSide * growth - requestedSide)
            lines = []
            icon = (iconPath, requestedSide * growth)
            isStacked = false
            isRightToLeft = false
            spacing = 0
            size = Size(frame.width + grown, frame.height + grown)
            shape = Self.outline(face.shape, radius: frame.radius)
            return
        }
        let icon = iconPath.map { (path: $0, side: Self.iconSideBesideText * growth) }
        let isStacked = icon != nil && textSize.isAccessibilitySize
        let spacing = icon == nil ? 0 : Self.iconSpacing * growth
        // Beside the words (never at ax1-ax5, where it stacks), the icon takes room from every line.
        let iconRoom = isStacked ? 0 : icon.map { $0.side + spacing } ?? 0

        let run = TextRun(
            label, size: textSize.pointSize, weight: .regular, color: color, font: look.wordsFont,
            language: look.language)
        let requestedRadius: Double =
            switch face.shape {
            case .circle, .capsule: frame.height / 2
            case .rounded:
                RoundedRect(rect: Rect(x: 0, y: 0, width: frame.width, height: frame.height), cornerRadius: frame.radius)
                    .cornerRadius
            }
        let padding = max(Self.minimumPadding, Self.paddingPerCornerRadius * requestedRadius)
        let widest = RenderSpec.Limits.side.upperBound - 2 * padding - iconRoom
        let wrapWidth = textSize.isAccessibilitySize ? max(frame.width - 2 * padding, 0) : widest
        let lines = try Self.wrap(run, width: wrapWidth, hardWidth: widest, shaper: shaper)

        let shaped = try lines.map { try shaper.shape($0) }
        let textWidth = shaped.map(\.advance).max() ?? 0
        let textHeight = shaped.reduce(0) { $0 + $1.ascent + $1.descent }
        let content: Size =
            switch (icon, isStacked) {
            case (nil, _): Size(textWidth, textHeight)
            case (let icon?, false): Size(icon.side + spacing + textWidth, max(icon.side, textHeight))
            case (let icon?, true): Size(max(icon.side, textWidth), icon.side + spacing + textHeight)
            }
        switch (face.shape, lines.count > 1 || isStacked) {
        case (.circle, false):
            let padded = Size(content.width + 2 * Self.minimumPadding, content.height + 2 * Self.minimumPadding)
            let side = max(frame.width, (padded.width * padded.width + padded.height * padded.height).squareRoot())
            size = Size(side, side)
            shape = .circle
        case (.capsule, false):
            let height = max(frame.height, content.height + 2 * Self.minimumPadding)
            let endPadding = max(Self.minimumPadding, Self.paddingPerCornerRadius * height / 2)
            size = Size(max(frame.width, content.width + 2 * endPadding), height)
            shape = .capsule
        case (.rounded, _), (.circle, true), (.capsule, true):
            size = Size(max(frame.width, content.width + 2 * padding), max(frame.height, content.height + 2 * padding))
            shape = .roundedRectangle(cornerRadius: requestedRadius)
        }
        self.lines = lines
        self.icon = icon
        self.isStacked = isStacked
        self.isRightToLeft = shaped.first?.isRightToLeft ?? false
        self.spacing = spacing
    }

    /// The outline `shape` with corner `radius` draws, before a label changes it.
    static func outline(_ shape: RenderSpec.ShapeKind, radius: Double) -> SceneShape {
        switch shape {
        case .circle: .circle
        case .rounded: .roundedRectangle(cornerRadius: radius)
        case .capsule: .capsule
        }
    }

    /// The icon and the words as views, centred in the frame, the icon in `color`.
    func view(color: Color) -> View {
        let words: View? = lines.isEmpty ? nil : .lines(lines)
        guard let icon else { return words ?? .empty }
        let artwork = View.artwork(icon.path, size: icon.side, .color(color))
        guard let words else { return artwork }
        if isStacked { return .vStack([artwork, words], spacing: spacing) }
        return .hStack(isRightToLeft ? [words, artwork] : [artwork, words], spacing: spacing)
    }

    /// Greedy wrapping at the shaper's line-break opportunities: each line takes as many pieces as
    /// fit `width`. A piece is the text between two opportunities without the spaces around it;
    /// pieces that had spaces between them are joined by one space, others (ideographs, a break
    /// after a hyphen) directly. A piece wider than `width` gets a line of its own; one wider than
    /// `hardWidth` is broken between characters.
    static func wrap(_ run: TextRun, width: Double, hardWidth: Double, shaper: any TextShaper) throws -> [TextRun] {
        func fits(_ text: String, _ limit: Double) throws -> Bool {
            var candidate = run
            candidate.string = text
            return try shaper.advance(of: candidate) <= limit
        }
        let text = run.string
        var pieces: [(text: String, isFollowedBySpace: Bool)] = []
        var start = text.startIndex
        for end in try shaper.lineBreakOpportunities(in: run) + [text.endIndex] {
            let segment = text[start..<end]
            start = end
            var trimmed = segment.drop { $0 == " " }
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            let word = String(trimmed)
            let isFollowedBySpace = segment.last == " "
            guard !word.isEmpty else { continue }
            guard try !fits(word, hardWidth) else {
                pieces.append((word, isFollowedBySpace))
                continue
            }
            var piece = ""
            for character in word {
                if !piece.isEmpty, try !fits(piece + String(character), hardWidth) {
                    pieces.append((piece, false))
                    piece = ""
                }
                piece.append(character)
            }
            pieces.append((piece, isFollowedBySpace))
        }
        var lines: [String] = []
        var isLastFollowedBySpace = false
        for piece in pieces {
            if let last = lines.last, try fits(last + (isLastFollowedBySpace ? " " : "") + piece.text, width) {
                lines[lines.count - 1] = last + (isLastFollowedBySpace ? " " : "") + piece.text
            } else {
                lines.append(piece.text)
            }
            isLastFollowedBySpace = piece.isFollowedBySpace
        }
        return (lines.isEmpty ? [text] : lines).map { text in
            var line = run
            line.string = text
            return line
        }
    }
}
