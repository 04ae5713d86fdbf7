import ReliefGeometry
import ReliefSpec

/// The accessible look: the dark cushion with a blue ring at rest, filled blue when pressed.
///
/// `contrast=high` brightens the ring (``Palette/ringBright`` to lightStart, where it ran from
/// lightStart to lightEnd) and ends the pressed fill at ``Palette/pressedBlue`` instead of
/// lightStart, so a white icon keeps 4.5:1 on it.
struct ColorfulStyle: NeumorphicStyle {
    var contrast: RenderSpec.Contrast

    var background: Fill { .diagonal(Palette.darkStart, Palette.darkEnd) }

    func foreground(isActive: Bool) -> Color { .white }

    private var ring: Fill {
        contrast == .high ? .diagonal(Palette.ringBright, Palette.lightStart) : .diagonal(Palette.lightStart, Palette.lightEnd)
    }

    private var pressedFill: Fill {
        .diagonal(Palette.lightEnd, contrast == .high ? Palette.pressedBlue : Palette.lightStart)
    }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            return shape.fill(pressedFill)
                .overlay(shape.stroke(ring, lineWidth: 4))
                .shadow(color: Palette.darkStart, radius: 10, x: 5, y: 5)
                .shadow(color: Palette.darkEnd, radius: 10, x: -5, y: -5)
        }
        return shape.fill(.diagonal(Palette.darkStart, Palette.darkEnd))
            .overlay(shape.stroke(ring, lineWidth: 4))
            .shadow(color: Palette.darkStart, radius: 10, x: -10, y: -10)
            .shadow(color: Palette.darkEnd, radius: 10, x: 10, y: 10)
    }

    /// Not in the articles: the dark well, outlined by the blue ring so the control stands out.
    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        ConcaveWell(main: .diagonal(Palette.darkEnd, Palette.darkStart),
                    lightShadow: Palette.darkStart, darkShadow: .black)
            .view(shape, depth: depth)
            .overlay(shape.stroke(ring, lineWidth: 4))
    }

    /// Not in the articles: a ringed knob that fills blue when on, as the buttons do when pressed.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.fill(isOn ? pressedFill : .diagonal(Palette.darkStart, Palette.darkEnd))
            .overlay(shape.stroke(ring, lineWidth: 2))
            .shadow(color: Palette.darkStart, radius: 2, x: -3, y: -3)
            .shadow(color: Palette.darkEnd, radius: 3, x: 3, y: 3)
    }
}
