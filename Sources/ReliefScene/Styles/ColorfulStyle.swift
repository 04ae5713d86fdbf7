import ReliefGeometry
import ReliefSpec

/// The accessible look: the dark cushion with a blue ring at rest, filled blue when pressed.
struct ColorfulStyle: NeumorphicStyle {
    var background: Fill { .diagonal(Palette.darkStart, Palette.darkEnd) }

    func foreground(isActive: Bool) -> Color { .white }

    private var ring: Fill { .diagonal(Palette.lightStart, Palette.lightEnd) }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            return shape.fill(.diagonal(Palette.lightEnd, Palette.lightStart))
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
        shape.fill(isOn ? .diagonal(Palette.lightEnd, Palette.lightStart) : .diagonal(Palette.darkStart, Palette.darkEnd))
            .overlay(shape.stroke(ring, lineWidth: 2))
            .shadow(color: Palette.darkStart, radius: 2, x: -3, y: -3)
            .shadow(color: Palette.darkEnd, radius: 3, x: 3, y: 3)
    }
}
