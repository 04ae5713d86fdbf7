import ReliefSpec

/// Seed 004's concave wells and its switch, in the soft style (SPEC §3 "soft").
extension RecipeSVG {
    /// The shape filled main, then blurred strokes pushed inwards: dark from the top-left, faded
    /// out towards the bottom, light from the bottom-right, faded out towards the top.
    func well(_ shape: SVGShape, depth: RenderSpec.Depth) throws(Unsupported) -> String {
        guard spec.look.style == .soft else {
            throw Unsupported(
                description: "the conformance suite draws wells and switches in the soft style "
                    + "only (SPEC §3); got style \(spec.look.style.rawValue)")
        }
        return concaveWell(shape, depth: depth, base: .color(look.surface), dark: look.edgeShadow, light: look.edgeHighlight)
    }

    /// Seed 004's concave view of `shape` filled with `base`, its edges in `dark` and `light`.
    func concaveWell(
        _ shape: SVGShape, depth: RenderSpec.Depth, base paint: SVGPaint, dark: SpecColor, light: SpecColor
    ) -> String {
        let darkFromTop = look.vertical(.black, .clear, across: shape)
        let lightFromBottom = look.vertical(.clear, .black, across: shape)
        let base = svg.fill(shape, paint)
        switch depth {
        case .shallow:
            return svg.group(
                base,
                edge(shape, dark, lineWidth: 2, blur: 0.5, x: 1, y: 0.5, keptBy: darkFromTop),
                edge(shape, light, lineWidth: 2, blur: 0.5, x: -1, y: -1.5, keptBy: lightFromBottom))
        case .deep:
            return svg.group(
                base,
                edge(shape, dark, lineWidth: 2, blur: 0.5, x: 1, y: 1, keptBy: darkFromTop),
                edge(shape, dark, lineWidth: 6, blur: 3, x: 3, y: 3, keptBy: darkFromTop),
                edge(shape, light, lineWidth: 2, blur: 0.5, x: -1, y: -1, keptBy: lightFromBottom),
                edge(shape, light, lineWidth: 6, blur: 3, x: -3, y: -3, keptBy: lightFromBottom))
        }
    }

    /// A deep well as the track and the raised knob: a rounded rectangle inset by `padding` in a
    /// frame of (height + knob) × height at the track's left end when off, its right end when on.
    func switchControl(_ control: RenderSpec.SwitchOptions) throws(Unsupported) -> String {
        let track = try well(roundedFrame, depth: .deep)
        let knobFrameWidth = control.frame.height + control.knob
        let knobFrameX = spec.component.isActive ? frame.x + frame.width - knobFrameWidth : frame.x
        let knobShape = SVGShape(
            outline: .roundedRectangle(cornerRadius: spec.component.frame.radius), x: knobFrameX, y: frame.y,
            width: knobFrameWidth, height: spec.component.frame.height
        )
        .inset(by: control.padding)
        let lit = shadow(svg.fill(knobShape, .color(look.surface)), color: look.highlight, radius: 2, x: -3, y: -3)
        let knob = shadow(lit, color: look.shadow, radius: 3, x: 3, y: 3)
        return svg.group(track, knob)
    }
}
