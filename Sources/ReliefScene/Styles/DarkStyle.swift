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

    private var restingRing: Fill { contrast == .high ? .color(Palette.outlineSilver) : .color(Palette.darkEnd) }
    private var pressedRing: Fill { contrast == .high ? .color(.white) : .diagonal(Palette.darkStart, Palette.darkEnd) }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            return shape.fill(.diagonal(Palette.darkEnd, Palette.darkStart))
                .overlay(shape.stroke(pressedRing, lineWidth: 4))
                .shadow(color: Palette.darkStart, radius: 10, x: 5, y: 5)
                .shadow(color: Palette.darkEnd, radius: 10, x: -5, y: -5)
        }
        return shape.fill(.diagonal(Palette.darkStart, Palette.darkEnd))
            .overlay(shape.stroke(restingRing, lineWidth: 4))
            .shadow(color: Palette.darkStart, radius: 10, x: -10, y: -10)
            .shadow(color: Palette.darkEnd, radius: 10, x: 10, y: 10)
    }

    /// Not in the articles: seed 004's well on the pressed cushion, with the dark palette's shadows.
    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        ConcaveWell(main: .diagonal(Palette.darkEnd, Palette.darkStart),
                    lightShadow: Palette.darkStart, darkShadow: .black)
            .view(shape, depth: depth)
            .overlay(shape.accessibleOutline(Palette.outlineSilver, contrast))
    }

    /// Not in the articles: the at-rest cushion as a knob, with seed 004's small shadows.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.fill(.diagonal(Palette.darkStart, Palette.darkEnd))
            .overlay(shape.stroke(restingRing, lineWidth: 2))
            .shadow(color: Palette.darkStart, radius: 2, x: -3, y: -3)
            .shadow(color: Palette.darkEnd, radius: 3, x: 3, y: 3)
    }
}
