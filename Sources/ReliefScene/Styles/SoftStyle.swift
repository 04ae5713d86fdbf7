import ReliefGeometry
import ReliefSpec

/// Seed 004's look: a pale blue-grey surface with white and slate shadows.
///
/// `contrast=high` makes the same changes as the light style's: ``Palette/strongGray`` icons and a
/// 4-point outline, darker when pressed; with a `color` of its own, tones searched for that colour.
struct SoftStyle: NeumorphicStyle {
    var contrast: RenderSpec.Contrast
    /// Seed 004's colours, or those derived from `color` and `intensity`.
    var colors = SurfacePalette.soft
    /// The face of buttons and cards at rest: `surface`.
    var face = RenderSpec.Surface.flat

    private var well: ConcaveWell {
        ConcaveWell(main: .color(colors.surface), lightShadow: colors.edgeHighlight, darkShadow: colors.edgeShadow)
    }

    var background: Fill { .color(colors.surface) }

    func foreground(isActive: Bool) -> Color { contrast == .high ? colors.accessible.foreground : colors.foreground }

    var activeColor: Color { stateLabelColors.on }

    var stateLabelColors: (on: Color, off: Color) {
        contrast == .high ? colors.accessible.stateLabels : (Palette.green, Palette.red)
    }

    /// Not in the articles: raised with the palette's two shadows at rest; pressed, it sinks into a
    /// deep well like the switch's track.
    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        if isActive {
            return well.view(shape, depth: .deep)
                .overlay(shape.accessibleOutline(colors.accessible.pressedOutline, contrast))
        }
        return shape.fill(colors.face(face))
            .overlay(shape.accessibleOutline(colors.accessible.outline, contrast))
            .shadow(color: colors.shadow, radius: 8, x: 8, y: 8)
            .shadow(color: colors.highlight, radius: 8, x: -8, y: -8)
    }

    func wellParts(_ shape: SceneShape, depth: RenderSpec.Depth) -> (sunk: View, edge: View?) {
        (well.view(shape, depth: depth), shape.accessibleOutline(colors.accessible.outline, contrast))
    }

    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        knobShadows(shape.fill(colors.surface).overlay(shape.accessibleOutline(colors.accessible.outline, contrast)))
    }

    func knobShadows(_ view: View) -> View {
        view.knobShadows(lit: colors.highlight, shaded: colors.shadow)
    }
}
