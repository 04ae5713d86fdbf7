import ReliefGeometry
import ReliefSpec

/// The second article's dark look: a gradient cushion that flips when pressed, a white icon.
///
/// `contrast=high` draws the 4-point ring in ``Palette/outlineSilver`` at rest and in white when
/// pressed, so the outline stands out from the background and tells the states apart; with a
/// `color` of its own, tones searched for that colour.
struct DarkStyle: NeumorphicStyle {
    var contrast: RenderSpec.Contrast
    /// darkStart and darkEnd, or those derived from `color` and `intensity`.
    var colors = CushionPalette.article
    /// The face of buttons and cards at rest: `surface`.
    var face = RenderSpec.Surface.flat

    var background: Fill { .diagonal(colors.start, colors.end) }

    func foreground(isActive: Bool) -> Color { contrast.choose(.white, high: colors.accessible.foreground) }

    var activeColor: Color { foreground(isActive: true) }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            return shape.darkCushion(
                .diagonal(colors.end, colors.start),
                ring: contrast.choose(
                    .diagonal(colors.start, colors.end),
                    high: .color(colors.accessible.pressedOutline)),
                isPressed: true, colors)
        }
        return shape.darkCushion(
            colors.face(face),
            ring: contrast.choose(.color(colors.end), high: .color(colors.accessible.outline)),
            isPressed: false, colors)
    }

    /// Not in the articles: seed 004's well on the pressed cushion, with the dark palette's shadows.
    func wellParts(_ shape: SceneShape, depth: RenderSpec.Depth) -> (sunk: View, edge: View?) {
        (ConcaveWell.dark(colors).view(shape, depth: depth), shape.accessibleOutline(colors.accessible.outline, contrast))
    }

    /// Not in the articles: the at-rest cushion as a knob, with seed 004's small shadows.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.darkKnob(
            .diagonal(colors.start, colors.end),
            ring: contrast.choose(.color(colors.end), high: .color(colors.accessible.outline)), colors)
    }

    func knobShadows(_ view: View) -> View {
        colors.knobShadows(view)
    }
}
