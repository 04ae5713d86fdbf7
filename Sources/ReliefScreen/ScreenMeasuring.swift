import ReliefGeometry

/// The sizes the layout asks for and cannot work out itself: a text's in a width, a leaf's own.
/// The service's measurer is ReliefText's shaper and the components' frames; tests and the fuzzer use
/// ``FixedAdvanceMeasurer``.
public protocol ScreenMeasuring: Sendable {
    /// `text` set in `font`, broken into lines no wider than `maximumWidth` where it can be (nil: only at
    /// its line breaks), at most `font.lineLimit` of them: the widest line's width and the lines' height.
    func size(of text: String, font: ScreenFont, maximumWidth: Double?) -> Size

    /// An image's or a component's size, which does not depend on what is offered: a component's frame
    /// (SPEC §4, §13) for its arguments; `font` is the one in force there.
    func intrinsicSize(of element: ScreenElement, font: ScreenFont) -> Size

    /// The least width of a control SwiftUI makes flexible (SPEC §14: a text field, a slider, a linear
    /// progress view, a segmented picker, a tab bar), which takes any width offered above it, and its
    /// ``intrinsicSize(of:font:)`` when none is; nil for an element whose width is its own.
    func minimumWidth(of element: ScreenElement) -> Double?
}

/// A measurer without fonts: every grapheme cluster one advance wide, lines broken greedily at spaces
/// (a word wider than the line at its clusters), every line the same height. Numbers a test can work out
/// by hand, and a layout the fuzzer can run without a shaper.
public struct FixedAdvanceMeasurer: ScreenMeasuring {
    /// A cluster's advance as a share of the font's point size.
    public let advancePerPoint: Double
    /// A line's height as a share of the font's point size.
    public let lineHeightPerPoint: Double
    /// Components' frames by element name; `width:`, `height:` or `size:` arguments override them.
    public let componentFrames: [String: Size]
    /// The least widths of the flexible components by element name; a `ProgressView` with
    /// `circular: true` is a ring, whose width is its own.
    public let minimumWidths: [String: Double]

    public init(
        advancePerPoint: Double = 0.5, lineHeightPerPoint: Double = 1.25, componentFrames: [String: Size] = [:],
        minimumWidths: [String: Double] = [:]
    ) {
        self.advancePerPoint = advancePerPoint
        self.lineHeightPerPoint = lineHeightPerPoint
        self.componentFrames = componentFrames
        self.minimumWidths = minimumWidths
    }

    public func minimumWidth(of element: ScreenElement) -> Double? {
        element.argument("circular") == .bool(true) ? nil : minimumWidths[element.name]
    }

    public func size(of text: String, font: ScreenFont, maximumWidth: Double?) -> Size {
        let advance = advancePerPoint * font.pointSize
        // How many clusters fit on a line, at least one.
        let perLine = maximumWidth.map { max(1, Int(($0 / advance).rounded(.down))) } ?? Int.max
        var lines: [Int] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = 0
            for word in paragraph.split(separator: " ").map(\.count) {
                var word = word
                if line > 0 && line + 1 + word <= perLine {
                    line += 1 + word
                    continue
                }
                if line > 0 { lines.append(line) }
                while word > perLine {
                    lines.append(perLine)
                    word -= perLine
                }
                line = word
            }
            lines.append(line)
        }
        if let limit = font.lineLimit { lines = Array(lines.prefix(limit)) }
        let height = text.isEmpty ? 0 : Double(lines.count) * lineHeightPerPoint * font.pointSize
        return Size(Double(lines.max() ?? 0) * advance, height)
    }

    public func intrinsicSize(of element: ScreenElement, font: ScreenFont) -> Size {
        if element.role == .image { return Size(font.pointSize, font.pointSize) }
        func length(_ label: String) -> Double? {
            if case .number(let length) = element.argument(label) { return length }
            return nil
        }
        let frame = componentFrames[element.name] ?? Size(0, 0)
        if let side = length("size") { return Size(side, side) }
        return Size(length("width") ?? frame.width, length("height") ?? frame.height)
    }
}
