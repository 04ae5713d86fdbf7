import ReliefGeometry
import ReliefSpec

/// The second article's dark look: a gradient cushion that flips when pressed, a white icon.
///
/// `contrast=high` draws the 4-point ring in ``Palette/outlineSilver`` at rest and in white when
/// pressed, so the outline stands out from the background and tells the states apart.
struct DarkStyle: NeumorphicStyle {
    var contrast: RenderSpec.Contrast

    var background: Fill { .diagonal(Palette.darkStart, Palette.darkEnd) }

    func foreground(isActive: Bool) -> Color { .white }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            return shape.darkCushion(.diagonal(Palette.darkEnd, Palette.darkStart),
                                     ring: contrast.choose(.diagonal(Palette.darkStart, Palette.darkEnd), high: .color(.white)),
                                     isPressed: true)
        }
        return shape.darkCushion(.diagonal(Palette.darkStart, Palette.darkEnd),
                                 ring: contrast.choose(.color(Palette.darkEnd), high: .color(Palette.outlineSilver)),
                                 isPressed: false)
    }

    /// Not in the articles: seed 004's well on the pressed cushion, with the dark palette's shadows.
    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        ConcaveWell.dark.view(shape, depth: depth)
            .overlay(shape.accessibleOutline(Palette.outlineSilver, contrast))
    }

    /// Not in the articles: the at-rest cushion as a knob, with seed 004's small shadows.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.darkKnob(.diagonal(Palette.darkStart, Palette.darkEnd),
                       ring: contrast.choose(.color(Palette.darkEnd), high: .color(Palette.outlineSilver)))
    }
}
