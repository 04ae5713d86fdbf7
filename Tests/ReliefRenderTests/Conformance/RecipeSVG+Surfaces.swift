/// Buttons, toggles and cards: SPEC §3's recipes for each style at rest and pressed.
extension RecipeSVG {
    func surface(_ shape: SVGShape, isActive: Bool) throws(Unsupported) -> String {
        switch (spec.style, isActive) {
        case (.light, false):
            let raised = svg.shadow(svg.fill(shape, .color(.offWhite)),
                                    color: .black.opacity(0.2), radius: 10, x: 10, y: 10)
            return svg.shadow(raised, color: .white.opacity(0.7), radius: 10, x: -5, y: -5)
        case (.light, true):
            return svg.group(
                svg.fill(shape, .color(.offWhite)),
                edge(shape, .gray, lineWidth: 4, blur: 4, x: 2, y: 2, keptBy: .diagonal(.black, .clear, across: shape)),
                edge(shape, .white, lineWidth: 8, blur: 4, x: -2, y: -2, keptBy: .diagonal(.clear, .black, across: shape)))
        case (.dark, false):
            return cushion(svg.fill(shape, .diagonal(.darkStart, .darkEnd, across: shape)),
                           ring: svg.stroke(shape, .color(.darkEnd), lineWidth: 4), shadowOffset: 10)
        case (.dark, true):
            return cushion(svg.fill(shape, .diagonal(.darkEnd, .darkStart, across: shape)),
                           ring: svg.stroke(shape, .diagonal(.darkStart, .darkEnd, across: shape), lineWidth: 4),
                           shadowOffset: -5)
        case (.colorful, false):
            return cushion(svg.fill(shape, .diagonal(.darkStart, .darkEnd, across: shape)),
                           ring: svg.stroke(shape, .diagonal(.lightStart, .lightEnd, across: shape), lineWidth: 4),
                           shadowOffset: 10)
        case (.colorful, true):
            return cushion(svg.fill(shape, .diagonal(.lightEnd, .lightStart, across: shape)),
                           ring: svg.stroke(shape, .diagonal(.lightStart, .lightEnd, across: shape), lineWidth: 4),
                           shadowOffset: -5)
        case (.soft, false):
            // SoftStyle's own design (SPEC §3 leaves it open): the palette's two shadows, 8 points out.
            let raised = svg.shadow(svg.fill(shape, .color(.softMain)),
                                    color: .softDarkShadow, radius: 8, x: 8, y: 8)
            return svg.shadow(raised, color: .softLightShadow, radius: 8, x: -8, y: -8)
        case (.soft, true):
            // Pressed, it sinks into a deep well of its own shape.
            return try well(shape, depth: .deep)
        }
    }

    /// The dark and colorful cushions: fill and ring, then a darkStart shadow and a darkEnd shadow
    /// on opposite sides; a negative `shadowOffset` (pressed) swaps the sides.
    private func cushion(_ fill: String, ring: String, shadowOffset: Double) -> String {
        let lit = svg.shadow(svg.group(fill, ring), color: .darkStart, radius: 10, x: -shadowOffset, y: -shadowOffset)
        return svg.shadow(lit, color: .darkEnd, radius: 10, x: shadowOffset, y: shadowOffset)
    }
}
