import ReliefGeometry
import ReliefSpec

/// Seed 004's look: a pale blue-grey surface with white and slate shadows.
///
/// `contrast=high` makes the same changes as the light style's: ``Palette/strongGray`` icons and a
/// 4-point outline, darker when pressed.
struct SoftStyle: NeumorphicStyle {
    var contrast: RenderSpec.Contrast

    private let well = ConcaveWell(main: .color(Palette.softMain),
                                   lightShadow: Palette.softLightShadow, darkShadow: Palette.softDarkShadow)

    var background: Fill { .color(Palette.softMain) }

    func foreground(isActive: Bool) -> Color { contrast == .high ? Palette.strongGray : Palette.gray }

    var stateLabelColors: (on: Color, off: Color) {
        contrast == .high ? (Palette.strongGreen, Palette.strongRed) : (Palette.green, Palette.red)
    }

    /// Not in the articles: raised with the palette's two shadows at rest; pressed, it sinks into a
    /// deep well like the switch's track.
    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            return well.view(shape, depth: .deep)
                .overlay(shape.accessibleOutline(Palette.pressedOutline, contrast))
        }
        return shape.fill(Palette.softMain)
            .overlay(shape.accessibleOutline(Palette.outlineGray, contrast))
            .shadow(color: Palette.softDarkShadow, radius: 8, x: 8, y: 8)
            .shadow(color: Palette.softLightShadow, radius: 8, x: -8, y: -8)
    }

    func well(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        well.view(shape, depth: depth)
            .overlay(shape.accessibleOutline(Palette.outlineGray, contrast))
    }

    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.fill(Palette.softMain)
            .overlay(shape.accessibleOutline(Palette.outlineGray, contrast))
            .shadow(color: Palette.softLightShadow, radius: 2, x: -3, y: -3)
            .shadow(color: Palette.softDarkShadow, radius: 3, x: 3, y: 3)
    }
}
