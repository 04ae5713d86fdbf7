import ReliefGeometry
import ReliefSpec

extension RenderSpec.ChoiceOptions {
    /// A checkbox's or radio button's drawing (docs/CONTROLS.md): the mark's `outline`, small raised
    /// when off and pressed in with `mark` (drawn in a 28-point box, in the colour given) when on, at
    /// the leading edge; the label 12 points after it, on the right of the box in right-to-left text.
    /// The frame grows to hold the label, and is at least the box high.
    func choiceDrawing(
        outline: SceneShape, mark: (Color) -> View, in context: ComponentSceneContext
    ) throws -> ComponentDrawing {
        let style = context.style, side = Self.defaultFrame.width
        let box: View
        if isOn {
            // Colorful presses the box in filled with its accent, where the mark shows in the white of a
            // pressed button's icon rather than in the accent itself.
            let markColor = context.spec.look.style == .colorful ? style.foreground(isActive: true) : style.activeColor
            let surface = style.surface(outline, isActive: true)
            box = context.glyphs == .drawn ? .zStack([surface, mark(markColor)]) : surface
        } else {
            // contrast=high rings it with the edge a well draws over a switch's knob, so that the knob's
            // small shadows cannot fade its outline.
            let edge = context.spec.look.contrast == .high ? style.wellParts(outline, depth: .shallow).edge : nil
            box = style.knob(outline, isOn: false).overlay(edge)
        }
        let framedBox = box.frame(width: side, height: side)
        guard let label else {
            return ComponentDrawing(view: framedBox, size: Size(side, side), outline: outline)
        }
        let run = TextRun(
            label, size: context.spec.look.wordsTextSize.pointSize, weight: .regular, color: style.foreground(isActive: false),
            font: context.spec.look.wordsFont, language: context.spec.look.language)
        let line = try context.shaper.shape(run)
        let size = Size(side + Self.labelSpacing + line.advance, max(side, line.lineHeight))
        let words = context.glyphs == .drawn ? View.text(run) : View.empty.frame(width: line.advance)
        let row = line.isRightToLeft ? [words, framedBox] : [framedBox, words]
        // The control's edge is the box's, not the frame's that holds the label too: the audit reads it there.
        let boxFrame = Rect(
            x: line.isRightToLeft ? size.width - side : 0, y: (size.height - side) / 2, width: side, height: side)
        return ComponentDrawing(
            view: View.hStack(row, spacing: Self.labelSpacing).frame(width: size.width, height: size.height),
            size: size, outline: outline, outlineFrame: boxFrame)
    }

    /// Points between the mark and its label.
    static var labelSpacing: Double { 12 }
}
