import ReliefGeometry
import ReliefSpec

/// The first article's look: off-white surfaces lit from the top-left, a gray icon.
///
/// `contrast=high` darkens the icon to ``Palette/strongGray`` and rings the control with a
/// 4-point outline, ``Palette/outlineGray`` at rest and ``Palette/pressedOutline`` when pressed;
/// wells and switch knobs get the at-rest outline, and the switch labels ``Palette/strongGreen`` and
/// ``Palette/strongRed``.
struct LightStyle: NeumorphicStyle {
    var contrast: RenderSpec.Contrast

    var background: Fill { .color(Palette.offWhite) }

    func foreground(isActive: Bool) -> Color { contrast == .high ? Palette.strongGray : Palette.gray }

    var stateLabelColors: (on: Color, off: Color) {
        contrast == .high ? (Palette.strongGreen, Palette.strongRed) : (Palette.green, Palette.red)
    }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            // Pressed: no outer shadow; a blurred gray edge inside the top-left and a white one
            // inside the bottom-right, each faded across the shape by a diagonal mask.
            return shape.fill(Palette.offWhite)
                .overlay(shape.stroke(Palette.gray, lineWidth: 4).blur(radius: 4).offset(x: 2, y: 2)
                    .mask(shape.fill(.diagonal(.black, .clear))))
                .overlay(shape.stroke(.white, lineWidth: 8).blur(radius: 4).offset(x: -2, y: -2)
                    .mask(shape.fill(.diagonal(.clear, .black))))
                .overlay(shape.accessibleOutline(Palette.pressedOutline, contrast))
        }
        return shape.fill(Palette.offWhite)
            .overlay(shape.accessibleOutline(Palette.outlineGray, contrast))
            .shadow(color: .black.opacity(0.2), radius: 10, x: 10, y: 10)
            .shadow(color: .white.opacity(0.7), radius: 10, x: -5, y: -5)
    }

    /// Not in the articles: seed 004's well in the light palette, with the pressed state's gray edge.
    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        ConcaveWell(main: .color(Palette.offWhite), lightShadow: .white, darkShadow: Palette.gray)
            .view(shape, depth: depth)
            .overlay(shape.accessibleOutline(Palette.outlineGray, contrast))
    }

    /// Not in the articles: seed 004's knob with the light style's shadow colours.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.fill(Palette.offWhite)
            .overlay(shape.accessibleOutline(Palette.outlineGray, contrast))
            .shadow(color: .white.opacity(0.7), radius: 2, x: -3, y: -3)
            .shadow(color: .black.opacity(0.2), radius: 3, x: 3, y: 3)
    }
}
