import ReliefGeometry
import ReliefSpec

/// A text field (docs/CONTROLS.md): a shallow well with its line 16 points in from the leading edge
/// (the right in right-to-left text), clipped 16 points before the trailing one; the placeholder at
/// 60 % opacity, which mixes the label colour 60 % with the well beneath. Focused, a 2-point ring in
/// the active colour 3 points outside the well and a caret 2 points after the text. The field grows
/// taller to hold the line with ``lineRoom`` points above and below it.
extension RenderSpec.TextFieldOptions: ComponentScene {
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        let style = context.style, look = context.spec.look
        let run = TextRun(
            text ?? placeholder, size: look.wordsTextSize.pointSize, weight: .regular, color: style.foreground(isActive: false),
            font: look.wordsFont, language: look.language)
        let line = try context.shaper.shape(run)
        let size = Size(frame.width, max(frame.height, line.lineHeight + 2 * Self.lineRoom))
        let outline = SceneShape.roundedRectangle(cornerRadius: frame.radius)
        let inset = Self.textInset, room = max(0, size.width - 2 * inset)
        // The line's leading x, and where its trailing end stands.
        let start = line.isRightToLeft ? size.width - inset - line.advance : inset
        let end =
            text == nil ? (line.isRightToLeft ? size.width - inset : inset) : line.isRightToLeft ? start : start + line.advance
        var words = View.text(run).layoutOffset(x: start + line.advance / 2 - size.width / 2, y: 0)
        if text == nil { words = words.opacity(Self.placeholderOpacity) }
        if line.advance > room {
            let clip = View.hStack([
                View.empty.frame(width: inset), SceneShape.roundedRectangle(cornerRadius: 0).fill(.black),
                View.empty.frame(width: inset),
            ])
            words = words.mask(clip)
        }
        var layers = [style.well(outline, depth: .shallow), context.glyphs == .drawn ? words : .empty]
        if isFocused {
            let ringRadius = frame.radius + Self.ringGap + Self.ringWidth / 2
            let ringInset = 2 * (Self.ringGap + Self.ringWidth / 2)
            let ring = SceneShape.roundedRectangle(cornerRadius: ringRadius).stroke(style.activeColor, lineWidth: Self.ringWidth)
                .frame(width: size.width + ringInset, height: size.height + ringInset)
            // After the text's end, on its reading side, but never past the clipped edge.
            let caretX =
                line.isRightToLeft
                ? max(inset, end - Self.caretGap - Self.caretWidth)
                : min(size.width - inset - Self.caretWidth, end + Self.caretGap)
            let caret = SceneShape.roundedRectangle(cornerRadius: 0).fill(style.activeColor)
                .frame(width: Self.caretWidth, height: line.lineHeight)
                .layoutOffset(x: caretX + Self.caretWidth / 2 - size.width / 2, y: 0)
            layers += [ring, context.glyphs == .drawn ? caret : .empty]
        } else {
            layers += [.empty, .empty]
        }
        return ComponentDrawing(
            view: View.zStack(layers).frame(width: size.width, height: size.height), size: size, outline: outline)
    }

    /// Points from the well's leading and trailing edges to the text.
    static let textInset = 16.0
    /// The least points above and below the line; a text size whose line needs more grows the field.
    static let lineRoom = 8.0
    /// How much of the text's opacity the placeholder has.
    static let placeholderOpacity = 0.6
    /// The focus ring: its width, and the gap between it and the well's edge.
    static let ringWidth = 2.0
    static let ringGap = 3.0
    /// The caret: its width, and its gap from the text's end.
    static let caretWidth = 2.0
    static let caretGap = 2.0
}
