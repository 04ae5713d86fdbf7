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

    /// The blue ring of every part of this style.
    private var ring: Fill {
        contrast.choose(.diagonal(Palette.lightStart, Palette.lightEnd), high: .diagonal(Palette.ringBright, Palette.lightStart))
    }

    /// The blue that fills a pressed button or an on knob.
    private var pressedFill: Fill {
        .diagonal(Palette.lightEnd, contrast.choose(Palette.lightStart, high: Palette.pressedBlue))
    }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        shape.darkCushion(isActive ? pressedFill : .diagonal(Palette.darkStart, Palette.darkEnd), ring: ring,
                          isPressed: isActive)
    }

    /// Not in the articles: the dark well, outlined by the blue ring so the control stands out.
    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        ConcaveWell.dark.view(shape, depth: depth)
            .overlay(shape.stroke(ring, lineWidth: 4))
    }

    /// Not in the articles: a ringed knob that fills blue when on, as the buttons do when pressed.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.darkKnob(isOn ? pressedFill : .diagonal(Palette.darkStart, Palette.darkEnd), ring: ring)
    }
}
