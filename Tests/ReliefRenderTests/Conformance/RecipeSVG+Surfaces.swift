/// Buttons, toggles and cards: SPEC §3's recipes for each style at rest and pressed, in the look's
/// colours and light.
extension RecipeSVG {
    func surface(_ shape: SVGShape, isActive: Bool) throws(Unsupported) -> String {
        let l = look
        switch (spec.look.style, isActive) {
        case (.light, false):
            let raised = shadow(svg.fill(shape, face(shape)), color: l.shadow, radius: 10, x: 10, y: 10)
            return shadow(raised, color: l.highlight, radius: 10, x: -5, y: -5)
        case (.light, true):
            return svg.group(
                svg.fill(shape, face(shape)),
                edge(shape, l.edgeShadow, lineWidth: 4, blur: 4, x: 2, y: 2, keptBy: l.diagonal(.black, .clear, across: shape)),
                edge(
                    shape, l.edgeHighlight, lineWidth: 8, blur: 4, x: -2, y: -2, keptBy: l.diagonal(.clear, .black, across: shape)
                ))
        case (.dark, false):
            return cushion(
                svg.fill(shape, face(shape)),
                ring: svg.stroke(shape, .color(l.end), lineWidth: 4), shadowOffset: 10)
        case (.dark, true):
            return cushion(
                svg.fill(shape, l.diagonal(l.end, l.start, across: shape)),
                ring: svg.stroke(shape, l.diagonal(l.start, l.end, across: shape), lineWidth: 4),
                shadowOffset: -5)
        case (.colorful, false):
            return cushion(
                svg.fill(shape, face(shape)),
                ring: svg.stroke(shape, l.diagonal(l.ringStart, l.ringEnd, across: shape), lineWidth: 4),
                shadowOffset: 10)
        case (.colorful, true):
            return cushion(
                svg.fill(shape, l.diagonal(l.ringEnd, l.ringStart, across: shape)),
                ring: svg.stroke(shape, l.diagonal(l.ringStart, l.ringEnd, across: shape), lineWidth: 4),
                shadowOffset: -5)
        case (.soft, false):
            // SoftStyle's own design (SPEC §3 leaves it open): the palette's two shadows, 8 points out.
            let raised = shadow(svg.fill(shape, face(shape)), color: l.shadow, radius: 8, x: 8, y: 8)
            return shadow(raised, color: l.highlight, radius: 8, x: -8, y: -8)
        case (.soft, true):
            // Pressed, it sinks into a deep well of its own shape.
            return try well(shape, depth: .deep)
        }
    }

    /// The face as `surface` shades it (docs/RENDERING.md): flat is the recipe's; concave runs from
    /// the shadow on the lit side to the highlight, convex the other way; the light and soft
    /// shadow and highlight as they show over the surface.
    private func face(_ shape: SVGShape) -> SVGPaint {
        let l = look
        let (lit, shaded): (SpecColor, SpecColor) =
            switch spec.look.style {
            case .light, .soft: (l.highlight.over(l.surface), l.shadow.over(l.surface))
            case .dark, .colorful: (l.start, l.end)
            }
        switch spec.component.surface {
        case .flat:
            return spec.look.style == .dark || spec.look.style == .colorful
                ? l.diagonal(l.start, l.end, across: shape) : .color(l.surface)
        case .concave:
            return l.diagonal(shaded, lit, across: shape)
        case .convex:
            return l.diagonal(lit, shaded, across: shape)
        }
    }

    /// The dark and colorful cushions: fill and ring, then a start shadow and an end shadow on
    /// opposite sides; a negative `shadowOffset` (pressed) swaps the sides.
    private func cushion(_ fill: String, ring: String, shadowOffset: Double) -> String {
        let lit = shadow(svg.group(fill, ring), color: look.start, radius: 10, x: -shadowOffset, y: -shadowOffset)
        return shadow(lit, color: look.end, radius: 10, x: shadowOffset, y: shadowOffset)
    }
}
