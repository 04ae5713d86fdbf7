import ReliefSpec

/// The SVG of the image a render spec describes, written from the contract (SPEC §3 recipes, §4
/// geometry) and never from the renderer's scene, so that rsvg draws an independent reference.
struct RecipeSVG {
    /// A spec this writer has no recipe for.
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    let spec: RenderSpec
    /// The spec's colours, light, distance and blur.
    let look: RecipeLook
    let svg: SVGDocument
    /// The component's frame: its top-left at (margin, margin).
    let frame: SVGShape

    /// The SVG file for `spec`, at its exact pixel size.
    static func markup(for spec: RenderSpec) throws(Unsupported) -> String {
        let (pixelWidth, pixelHeight) = spec.pixelSize
        let recipe = RecipeSVG(
            spec: spec,
            look: RecipeLook(spec),
            svg: SVGDocument(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: spec.output.scale),
            frame: SVGShape(
                outline: .roundedRectangle(cornerRadius: 0), x: spec.leastMargin, y: spec.leastMargin,
                width: spec.component.frame.width, height: spec.component.frame.height))
        let drawing = try recipe.component()
        return recipe.svg.markup(recipe.svg.group(recipe.background(), drawing))
    }

    /// The frame with the outline every component but a button or toggle has: a rounded rectangle
    /// of `radius`.
    var roundedFrame: SVGShape {
        frame.with(.roundedRectangle(cornerRadius: spec.component.frame.radius))
    }

    /// `shape.stroke(color, lineWidth).blur(blur).offset(x, y).mask(shape.fill(fade))`: the blurred
    /// edges that press a light button in and sink a well, turned and scaled with the look.
    func edge(
        _ shape: SVGShape, _ color: SpecColor, lineWidth: Double, blur: Double,
        x: Double, y: Double, keptBy fade: SVGPaint
    ) -> String {
        let blurred = svg.blur(svg.stroke(shape, .color(color), lineWidth: lineWidth), radius: blur * look.blurScale)
        let moved = look.offset(x, y)
        return svg.mask(svg.offset(blurred, x: moved.x, y: moved.y), by: svg.fill(shape, fade))
    }

    /// `.shadow(color, radius, x, y)` of the recipe, turned and scaled with the look.
    func shadow(_ content: String, color: SpecColor, radius: Double, x: Double, y: Double) -> String {
        let moved = look.offset(x, y)
        return svg.shadow(content, color: color, radius: radius * look.blurScale, x: moved.x, y: moved.y)
    }

    private func component() throws(Unsupported) -> String {
        switch spec.component {
        case .button, .toggle:
            let outline: SVGShape.Outline =
                switch spec.component.shape {
                case .circle: .circle
                case .rounded: .roundedRectangle(cornerRadius: spec.component.frame.radius)
                case .capsule: .capsule
                }
            return try surface(frame.with(outline), isActive: spec.component.isActive)
        case .card:
            return try surface(roundedFrame, isActive: false)
        case .well(let options):
            return try well(roundedFrame, depth: options.depth)
        case .switch(let control):
            return try switchControl(control)
        case .slider(let control):
            return try slider(control)
        case .progress(let control):
            return try progress(control)
        case .segmented(let control):
            return try segmentedControl(control)
        case .tabbar(let control):
            return try tabbar(control)
        case .checkbox, .radio:
            return try choiceBox()
        case .textfield(let field):
            return try textField(field)
        }
    }

    /// The style's background over the whole canvas; a gradient runs corner to corner of the image.
    private func background() -> String {
        switch spec.output.background {
        case .transparent:
            return ""
        case .color(let red, let green, let blue):
            return svg.fill(svg.canvas, .color(SpecColor(Int(red), Int(green), Int(blue))))
        case .style:
            switch spec.look.style {
            case .light, .soft: return svg.fill(svg.canvas, .color(look.surface))
            case .dark, .colorful: return svg.fill(svg.canvas, look.diagonal(look.start, look.end, across: svg.canvas))
            }
        }
    }
}
