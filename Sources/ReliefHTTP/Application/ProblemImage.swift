import ReliefGeometry
import ReliefPNG
import ReliefRaster
import ReliefText

/// A problem drawn as a PNG, for clients that show whatever image body they get: a broken `<img>`
/// in a mockup then says in words what is wrong with its query.
///
/// The picture is a pale card with a red border, 1 pixel per point so the text is sharp at 1x: the
/// title and parameter in bold, then the detail and what is allowed, wrapped at word boundaries
/// (and inside words too long for a line).
struct ProblemImage: Sendable {
    /// Width of the image in pixels; the height follows the text.
    var width = 440
    /// Fonts to draw with.
    var fonts: FontLibrary = .shared

    private static let padding = 16.0
    private static let border = 2.0
    private static let gapBetweenBlocks = 6.0
    /// More lines than this are cut, the last one ending in `…`.
    private static let maxLinesPerBlock = 8
    private static let background = Color(255, 250, 249)
    private static let accent = Color(179, 38, 30)
    private static let ink = Color(28, 27, 31)
    private static let mutedInk = Color(73, 69, 79)

    /// One run of text in one font and colour.
    private struct Block {
        var text: String
        var size: Double
        var weight: FontWeight
        var color: Color
    }

    /// The PNG bytes of `problem`.
    func png(for problem: ProblemDetails) throws -> [UInt8] {
        var blocks = [Block(text: "\(problem.status) \(problem.title)" + (problem.parameter.map { ": \($0)" } ?? ""),
                            size: 15, weight: .bold, color: Self.accent),
                      Block(text: problem.detail, size: 13, weight: .regular, color: Self.ink)]
        if let allowed = problem.allowed {
            blocks.append(Block(text: "Allowed: " + allowed, size: 13, weight: .regular, color: Self.mutedInk))
        }
        let textWidth = Double(width) - 2 * Self.padding
        var lines: [(text: String, block: Block, baseline: Double)] = []
        var y = Self.padding
        for (index, block) in blocks.enumerated() {
            if index > 0 { y += Self.gapBetweenBlocks }
            let metrics = try fonts.shape(" ", size: block.size, weight: block.weight)
            for line in try wrap(block, width: textWidth) {
                lines.append((line, block, y + metrics.ascent))
                y += metrics.lineHeight
            }
        }
        let canvas = PixelRect(width: width, height: Int((y + Self.padding).rounded(.up)))
        let frame = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        var layer = Layer.fill(Outline(rect: frame, cornerRadius: 0), with: .solid(Self.accent), clip: canvas)
        layer.draw(Layer.fill(Outline(rect: frame.insetBy(Self.border), cornerRadius: 0),
                              with: .solid(Self.background), clip: canvas))
        for line in lines {
            let shaped = try fonts.shape(line.text, size: line.block.size, weight: line.block.weight)
            let path = shaped.path.scaled(by: 1, translatedBy: Point(Self.padding, line.baseline.rounded()))
            layer.draw(Layer.fill(path, with: .solid(line.block.color), clip: canvas))
        }
        return try PNGEncoder().encode(rgba: layer.rgba8(canvas: canvas), width: canvas.width, height: canvas.height)
    }

    /// The block's text broken into lines no wider than `width` points.
    private func wrap(_ block: Block, width: Double) throws -> [String] {
        let fits = { (text: String) throws -> Bool in
            try fonts.shape(text, size: block.size, weight: block.weight).advance <= width
        }
        var lines: [String] = []
        var current = ""
        for word in block.text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if try fits(candidate) {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = String(word)
            // A word wider than the line is cut into pieces that fit.
            while try !fits(current) {
                var cut = current.index(before: current.endIndex)
                while cut > current.index(after: current.startIndex), try !fits(String(current[..<cut])) {
                    cut = current.index(before: cut)
                }
                lines.append(String(current[..<cut]))
                current = String(current[cut...])
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > Self.maxLinesPerBlock else { return lines }
        var kept = Array(lines.prefix(Self.maxLinesPerBlock))
        kept[kept.count - 1] = String(kept[kept.count - 1].dropLast(2)) + "…"
        return kept
    }
}
