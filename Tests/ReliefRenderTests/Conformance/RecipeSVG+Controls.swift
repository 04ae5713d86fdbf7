import ReliefSpec

/// The controls of SPEC §13 as docs/CONTROLS.md places them, without their marks and words: a
/// checkbox's or radio button's box, and a text field's shallow well with its focus ring.
extension RecipeSVG {
    /// Off: the style's switch knob in the box's outline; on: the style's pressed surface.
    func choiceBox() throws(Unsupported) -> String {
        let box = frame.with(spec.component.kind == .checkbox ? .roundedRectangle(cornerRadius: 6) : .circle)
        return spec.component.isActive ? try surface(box, isActive: true) : knob(box)
    }

    /// The shallow well of each style (docs/RENDERING.md), and when focused a 2-point ring in the active
    /// colour 3 points outside it.
    func textField(_ field: RenderSpec.TextFieldOptions) throws(Unsupported) -> String {
        let well = shallowWell(roundedFrame)
        guard field.isFocused else { return well }
        let ringFrame = SVGShape(
            outline: .roundedRectangle(cornerRadius: field.frame.radius + 4), x: frame.x - 4, y: frame.y - 4,
            width: frame.width + 8, height: frame.height + 8)
        return svg.group(well, svg.stroke(ringFrame, .color(try activeColor()), lineWidth: 2))
    }

    /// The shallow well of each style (docs/RENDERING.md): seed 004's, on the light and soft surfaces,
    /// on the pressed dark cushion in dark, ringed as a colorful button in colorful.
    func shallowWell(_ shape: SVGShape) -> String {
        let l = look
        switch spec.look.style {
        case .light, .soft:
            return concaveWell(shape, depth: .shallow, base: .color(l.surface), dark: l.edgeShadow, light: l.edgeHighlight)
        case .dark:
            return concaveWell(
                shape, depth: .shallow, base: l.diagonal(l.end, l.start, across: shape), dark: l.wellShadow, light: l.start)
        case .colorful:
            return svg.group(
                concaveWell(
                    shape, depth: .shallow, base: l.diagonal(l.end, l.start, across: shape), dark: l.wellShadow, light: l.start),
                svg.stroke(shape, l.diagonal(l.ringStart, l.ringEnd, across: shape), lineWidth: 4))
        }
    }

    /// SPEC §13's active colour in the styles' own colours: the light style's gray icon, the dark style's
    /// white one, the colorful accent and the soft style's system green.
    func activeColor() throws(Unsupported) -> SpecColor {
        guard spec.look.color == .style || spec.look.style == .dark || spec.look.style == .colorful else {
            throw Unsupported(description: "the controls' recipes use the styles' own active colours; got color")
        }
        switch spec.look.style {
        case .light: return .gray
        case .dark: return .white
        case .colorful: return look.ringStart
        case .soft: return SpecColor(52, 199, 89)
        }
    }

    /// Seed 004's knob: in light and soft the surface with the small white and shadow offsets; in dark and
    /// colorful the cushion's gradient ringed 2 points wide (the dark end, or the colorful ring).
    func knob(_ shape: SVGShape) -> String {
        let l = look
        switch spec.look.style {
        case .light, .soft:
            return knobShadows(svg.fill(shape, .color(l.surface)))
        case .dark, .colorful:
            let ring: SVGPaint = spec.look.style == .dark ? .color(l.end) : l.diagonal(l.ringStart, l.ringEnd, across: shape)
            return knobShadows(
                svg.group(svg.fill(shape, l.diagonal(l.start, l.end, across: shape)), svg.stroke(shape, ring, lineWidth: 2)))
        }
    }

    /// Seed 004's knob's small shadows under `content`: the style's highlight and shadow in light and
    /// soft, the dark gradient's two ends in dark and colorful.
    func knobShadows(_ content: String) -> String {
        let l = look
        let (lit, shaded) = spec.look.style == .light || spec.look.style == .soft ? (l.highlight, l.shadow) : (l.start, l.end)
        return shadow(shadow(content, color: lit, radius: 2, x: -3, y: -3), color: shaded, radius: 3, x: 3, y: 3)
    }
}
