import ReliefGeometry
import ReliefMotion
import ReliefSpec

/// A segmented control (docs/CONTROLS.md): a shallow well the frame's size, the chosen segment small
/// raised inside its share, every word centred in its share; in an animation the chosen segment
/// slides from the segment `from` names with seed 004's spring.
extension RenderSpec.SegmentedOptions: ComponentScene {
    /// Points between the chosen segment and the edge of its share.
    static let chosenInset = 4.0
    /// The least room beside a word inside its share, in points: SwiftUI's default padding.
    static let wordPadding = 16.0
    /// The least room above and below the words inside the chosen segment, in points: 17-point
    /// words (a line of about 20.6) keep the 44-point frame.
    static let wordVerticalPadding = 6.0

    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        let style = context.style, look = context.spec.look
        let words = segments.enumerated().map { index, word in
            TextRun(
                word, size: look.wordsTextSize.pointSize, weight: .semibold,
                color: index + 1 == selection.selected ? style.chosenForeground : style.foreground(isActive: false),
                font: look.wordsFont, language: look.language)
        }
        let shaped = try words.map { try context.shaper.shape($0) }
        let widest = shaped.map(\.advance).max() ?? 0, tallest = shaped.map(\.lineHeight).max() ?? 0
        let size = Size(
            max(frame.width, Double(segments.count) * (widest + 2 * Self.wordPadding)),
            max(frame.height, tallest + 2 * (Self.chosenInset + Self.wordVerticalPadding)))
        let shares = ChoiceShares(count: segments.count, size: size, isRightToLeft: shaped.first?.isRightToLeft ?? false)
        let (outline, radius) = shares.outline(requested: frame)
        let well = style.wellParts(outline, depth: .shallow)
        let chosen = shares.chosen(
            style.knob(.roundedRectangle(cornerRadius: max(0, radius - Self.chosenInset)), isOn: true),
            at: selection.selected, inset: Self.chosenInset)
        let text = context.glyphs == .drawn ? [shares.row(words.map(View.text))] : []
        let edge = well.edge.map { [$0.frame(width: size.width, height: size.height)] } ?? []
        let view = View.zStack([well.sunk.frame(width: size.width, height: size.height), chosen] + text + edge)
        return ComponentDrawing(view: view, size: size, outline: outline, parts: .choices(shares.frames))
    }

    func timeline(frameWidth: Double, scale: Double) -> Timeline {
        ChoiceShares.slide(selection, count: segments.count, frameWidth: frameWidth, scale: scale)
    }
}
