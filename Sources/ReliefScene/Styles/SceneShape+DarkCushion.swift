import ReliefGeometry
import ReliefSpec

extension SceneShape {
    /// The second article's dark cushion, which its colorful style repaints: the shape filled, ringed
    /// by a 4-point stroke, and lit by the palette's two dark shadows — raised at rest (light top-left, shade
    /// bottom-right, 10 points out), sunk when pressed (the shadows swap sides at 5 points).
    func darkCushion(_ fill: Fill, ring: Fill, isPressed: Bool, _ colors: CushionPalette) -> View {
        let face = self.fill(fill).overlay(stroke(ring, lineWidth: 4))
        if isPressed {
            return
                face
                .shadow(color: colors.start, radius: 10, x: 5, y: 5)
                .shadow(color: colors.end, radius: 10, x: -5, y: -5)
        }
        return
            face
            .shadow(color: colors.start, radius: 10, x: -10, y: -10)
            .shadow(color: colors.end, radius: 10, x: 10, y: 10)
    }

    /// Seed 004's knob in the dark palette: the cushion's fill and a 2-point ring with the knob's
    /// small shadows.
    func darkKnob(_ fill: Fill, ring: Fill, _ colors: CushionPalette) -> View {
        colors.knobShadows(self.fill(fill).overlay(stroke(ring, lineWidth: 2)))
    }
}

extension CushionPalette {
    /// Seed 004's knob's small shadows in the dark palette: its gradient's lit and shaded ends.
    func knobShadows(_ view: View) -> View {
        view.knobShadows(lit: start, shaded: end)
    }
}

extension View {
    /// Seed 004's knob's two small shadows, lit and shaded, under this view.
    func knobShadows(lit: Color, shaded: Color) -> View {
        shadow(color: lit, radius: 2, x: -3, y: -3).shadow(color: shaded, radius: 3, x: 3, y: 3)
    }
}

extension ConcaveWell {
    /// Seed 004's well on the pressed dark cushion, with the dark palette's shadows.
    static func dark(_ colors: CushionPalette) -> ConcaveWell {
        ConcaveWell(main: .diagonal(colors.end, colors.start), lightShadow: colors.start, darkShadow: colors.wellShadow)
    }
}

extension RenderSpec.Contrast {
    /// `standard` as the articles draw it, or `high` for the accessible variant: written inside a
    /// recipe's chain so the variant shows where it applies.
    func choose<Value>(_ standard: Value, high: Value) -> Value {
        self == .high ? high : standard
    }
}
