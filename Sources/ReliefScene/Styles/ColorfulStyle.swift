import ReliefGeometry
import ReliefSpec

/// The accessible look: the dark cushion with a blue ring at rest, filled blue when pressed.
///
/// `contrast=high` brightens the ring (``Palette/ringBright`` to lightStart, where it ran from
/// lightStart to lightEnd) and ends the pressed fill at ``Palette/pressedBlue`` instead of
/// lightStart, so a white icon keeps 4.5:1 on it; with a `color` or `accent` of its own, tones
/// searched for those colours.
struct ColorfulStyle: NeumorphicStyle {
    var contrast: RenderSpec.Contrast
    /// The articles' dark and blue colours, or those derived from `color`, `intensity` and `accent`.
    var colors = CushionPalette.article
    /// The face of buttons and cards at rest: `surface`.
    var face = RenderSpec.Surface.flat

    var background: Fill { .diagonal(colors.start, colors.end) }

    func foreground(isActive: Bool) -> Color { contrast.choose(.white, high: colors.accessible.foreground) }

    /// The ring's lit end: the accent.
    var activeColor: Color { contrast.choose(colors.ringStart, high: colors.accessible.ring.start) }

    /// White, as on a pressed button: the chosen part is filled with the accent.
    var chosenForeground: Color { foreground(isActive: true) }

    /// The blue ring of every part of this style.
    private var ring: Fill {
        contrast.choose(
            .diagonal(colors.ringStart, colors.ringEnd),
            high: .diagonal(colors.accessible.ring.start, colors.accessible.ring.end))
    }

    /// The blue that fills a pressed button or an on knob.
    private var pressedFill: Fill {
        contrast.choose(
            .diagonal(colors.ringEnd, colors.ringStart),
            high: .diagonal(colors.accessible.pressedFill.start, colors.accessible.pressedFill.end))
    }

    func surface(_ shape: SceneShape, isActive: Bool) -> View {
        shape.darkCushion(isActive ? pressedFill : colors.face(face), ring: ring, isPressed: isActive, colors)
    }

    /// Not in the articles: the dark well, outlined by the blue ring so the control stands out. The
    /// brightened ring of `contrast=high` is the edge a switch draws over its knob; the seeds' ring
    /// stays beneath it.
    func wellParts(_ shape: SceneShape, depth: RenderSpec.Depth) -> (sunk: View, edge: View?) {
        let sunk = ConcaveWell.dark(colors).view(shape, depth: depth), ring = shape.stroke(ring, lineWidth: 4)
        return contrast == .high ? (sunk, ring) : (sunk.overlay(ring), nil)
    }

    /// Not in the articles: a ringed knob that fills blue when on, as the buttons do when pressed.
    func knob(_ shape: SceneShape, isOn: Bool) -> View {
        shape.darkKnob(isOn ? pressedFill : .diagonal(colors.start, colors.end), ring: ring, colors)
    }

    func knobShadows(_ view: View) -> View {
        colors.knobShadows(view)
    }
}
