import ReliefGeometry
import ReliefSpec

/// The first article's look: off-white surfaces lit from the top-left, a gray icon.
///
/// `contrast=high` darkens the icon to ``Palette/strongGray`` and rings the control with a
/// 4-point outline, ``Palette/outlineGray`` at rest and ``Palette/pressedOutline`` when pressed;
/// wells and switch knobs get the at-rest outline, and the switch labels ``Palette/strongGreen`` and
/// ``Palette/strongRed``. With a `color` of its own, each of these is a tone searched for that colour.
struct LightStyle: NeumorphicStyle {
    var contrast: RenderSpec.Contrast
    /// The article's colours, or those derived from `color` and `intensity`.
    var colors = SurfacePalette.light
    /// The face of buttons and cards: `surface`.
    var face = RenderSpec.Surface.flat

    var background: Fill { .color(colors.surface) }

    func foreground(isActive: Bool) -> Color { contrast == .high ? colors.accessible.foreground : colors.foreground }

    var activeColor: Color { foreground(isActive: true) }

    var stateLabelColors: (on: Color, off: Color) {
        contrast == .high ? colors.accessible.stateLabels : (Palette.green, Palette.red)
    }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            // Pressed: no outer shadow; a blurred gray edge inside the top-left and a white one
            // inside the bottom-right, each faded across the shape by a diagonal mask.
            return shape.fill(colors.face(face))
                .overlay(
                    shape.stroke(colors.edgeShadow, lineWidth: 4).blur(radius: 4).offset(x: 2, y: 2)
                        .mask(shape.fill(.diagonal(.black, .clear)))
                )
                .overlay(
                    shape.stroke(colors.edgeHighlight, lineWidth: 8).blur(radius: 4).offset(x: -2, y: -2)
                        .mask(shape.fill(.diagonal(.clear, .black)))
                )
                .overlay(shape.accessibleOutline(colors.accessible.pressedOutline, contrast))
        }
        return shape.fill(colors.face(face))
            .overlay(shape.accessibleOutline(colors.accessible.outline, contrast))
            .shadow(color: colors.shadow, radius: 10, x: 10, y: 10)
            .shadow(color: colors.highlight, radius: 10, x: -5, y: -5)
    }

    /// Not in the articles: seed 004's well in the light palette, with the pressed state's gray edge.
    func wellParts(_ shape: SceneShape, depth: RenderSpec.Depth) -> (sunk: View, edge: View?) {
        (
            ConcaveWell(main: .color(colors.surface), lightShadow: colors.edgeHighlight, darkShadow: colors.edgeShadow)
                .view(shape, depth: depth),
            shape.accessibleOutline(colors.accessible.outline, contrast)
        )
    }

    /// Not in the articles: seed 004's knob with the light style's shadow colours.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        knobShadows(shape.fill(colors.surface).overlay(shape.accessibleOutline(colors.accessible.outline, contrast)))
    }

    func knobShadows(_ view: View) -> View {
        view.knobShadows(lit: colors.highlight, shaded: colors.shadow)
    }
}
