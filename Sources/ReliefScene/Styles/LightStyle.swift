import ReliefGeometry
import ReliefSpec

/// The first article's look: off-white surfaces lit from the top-left, a gray icon.
struct LightStyle: NeumorphicStyle {
    var background: Fill { .color(Palette.offWhite) }

    func foreground(isActive: Bool) -> Color { Palette.gray }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            // Pressed: no outer shadow; a blurred gray edge inside the top-left and a white one
            // inside the bottom-right, each faded across the shape by a diagonal mask.
            return shape.fill(Palette.offWhite)
                .overlay(shape.stroke(Palette.gray, lineWidth: 4).blur(radius: 4).offset(x: 2, y: 2)
                    .mask(shape.fill(.diagonal(.black, .clear))))
                .overlay(shape.stroke(.white, lineWidth: 8).blur(radius: 4).offset(x: -2, y: -2)
                    .mask(shape.fill(.diagonal(.clear, .black))))
        }
        return shape.fill(Palette.offWhite)
            .shadow(color: .black.opacity(0.2), radius: 10, x: 10, y: 10)
            .shadow(color: .white.opacity(0.7), radius: 10, x: -5, y: -5)
    }

    /// Not in the articles: seed 004's well in the light palette, with the pressed state's gray edge.
    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        ConcaveWell(main: .color(Palette.offWhite), lightShadow: .white, darkShadow: Palette.gray)
            .view(shape, depth: depth)
    }

    /// Not in the articles: seed 004's knob with the light style's shadow colours.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.fill(Palette.offWhite)
            .shadow(color: .white.opacity(0.7), radius: 2, x: -3, y: -3)
            .shadow(color: .black.opacity(0.2), radius: 3, x: 3, y: 3)
    }
}
