/// An SVG image being written: the drawing's fragments are built by the modifier methods, which
/// register the gradients, filters and masks they need as definitions.
///
/// One user unit is one point and `scale` pixels, so rsvg scales blurs and offsets with the
/// viewBox exactly as Relief scales its recipes.
final class SVGDocument {
    let pixelWidth: Int
    let pixelHeight: Int
    /// The canvas in points.
    let width: Double
    let height: Double
    private var definitions: [String] = []

    /// A canvas of exactly `pixelWidth` × `pixelHeight` pixels at `scale` pixels per point; its
    /// viewBox is the pixel size divided by the scale, so a rounded pixel size does not stretch it.
    init(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        width = Double(pixelWidth) / scale
        height = Double(pixelHeight) / scale
    }

    /// The whole file, drawing `content`.
    func markup(_ content: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(pixelWidth)" height="\(pixelHeight)" \
        viewBox="0 0 \(width) \(height)">
        <defs>
        \(definitions.joined(separator: "\n"))
        </defs>
        \(content)
        </svg>

        """
    }

    /// The canvas as a shape, for the background.
    var canvas: SVGShape {
        SVGShape(outline: .roundedRectangle(cornerRadius: 0), x: 0, y: 0, width: width, height: height)
    }

    // MARK: The recipe vocabulary (SPEC §1)

    func fill(_ shape: SVGShape, _ paint: SVGPaint) -> String {
        shape.element(paintAttributes(paint, property: "fill"))
    }

    /// Centred on the outline, SVG's default.
    func stroke(_ shape: SVGShape, _ paint: SVGPaint, lineWidth: Double) -> String {
        shape.element("fill=\"none\" stroke-width=\"\(lineWidth)\" " + paintAttributes(paint, property: "stroke"))
    }

    /// Later fragments over earlier ones, as a ZStack or `.overlay` draws them.
    func group(_ fragments: String...) -> String {
        "<g>\n" + fragments.joined(separator: "\n") + "\n</g>"
    }

    /// The content's alpha blurred with σ = `radius`, moved by (x, y) and tinted, beneath the content.
    /// Chaining calls nests groups, so a later shadow casts the earlier one too.
    func shadow(_ content: String, color: SpecColor, radius: Double, x: Double, y: Double) -> String {
        let id = define("shadow") { id in
            """
            <filter id="\(id)" \(effectsRegion("filterUnits")) color-interpolation-filters="sRGB">
            <feGaussianBlur in="SourceAlpha" stdDeviation="\(radius)" result="blurred"/>
            <feOffset in="blurred" dx="\(x)" dy="\(y)" result="moved"/>
            <feFlood flood-color="\(color.svgColor)" flood-opacity="\(color.opacity)" result="tint"/>
            <feComposite in="tint" in2="moved" operator="in" result="cast"/>
            <feMerge><feMergeNode in="cast"/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
            """
        }
        return "<g filter=\"url(#\(id))\">\n\(content)\n</g>"
    }

    /// Colour and alpha blurred together with σ = `radius`, transparent outside.
    ///
    /// rsvg (2.54) blurs with three box blurs from σ = 2 device pixels up, and below that with a
    /// kernel whose outer taps each integrate the Gaussian one pixel too far out, so σ = 1 pixel
    /// blurs like a Gaussian of about 0.55 pixels: the 0.5-point blurs of seed 004's wells are
    /// sharper in the reference than the contract asks at scale 2.
    func blur(_ content: String, radius: Double) -> String {
        let id = define("blur") { id in
            """
            <filter id="\(id)" \(effectsRegion("filterUnits")) color-interpolation-filters="sRGB">
            <feGaussianBlur in="SourceGraphic" stdDeviation="\(radius)"/>
            </filter>
            """
        }
        return "<g filter=\"url(#\(id))\">\n\(content)\n</g>"
    }

    /// Moves the drawing; a mask applied around the result stays where it was.
    func offset(_ content: String, x: Double, y: Double) -> String {
        "<g transform=\"translate(\(x) \(y))\">\n\(content)\n</g>"
    }

    /// Keeps `content` where `mask` has alpha, multiplied by it (an alpha mask, not luminance).
    func mask(_ content: String, by mask: String) -> String {
        let id = define("mask") { id in
            """
            <mask id="\(id)" mask-type="alpha" \(effectsRegion("maskUnits")) maskContentUnits="userSpaceOnUse">
            \(mask)
            </mask>
            """
        }
        return "<g mask=\"url(#\(id))\">\n\(content)\n</g>"
    }

    // MARK: Definitions

    private func paintAttributes(_ paint: SVGPaint, property: String) -> String {
        switch paint {
        case .color(let color):
            return "\(property)=\"\(color.svgColor)\" \(property)-opacity=\"\(color.opacity)\""
        case .linearGradient(let from, let to, let x1, let y1, let x2, let y2):
            let id = define("gradient") { id in
                """
                <linearGradient id="\(id)" gradientUnits="userSpaceOnUse" x1="\(x1)" y1="\(y1)" x2="\(x2)" y2="\(y2)">
                <stop offset="0" stop-color="\(from.svgColor)" stop-opacity="\(from.opacity)"/>
                <stop offset="1" stop-color="\(to.svgColor)" stop-opacity="\(to.opacity)"/>
                </linearGradient>
                """
            }
            return "\(property)=\"url(#\(id))\""
        }
    }

    /// A region three canvases wide and tall around the canvas: the default (the bounding box plus
    /// 10%) would cut off shadows and blurs.
    private func effectsRegion(_ units: String) -> String {
        "\(units)=\"userSpaceOnUse\" x=\"\(-width)\" y=\"\(-height)\" width=\"\(3 * width)\" height=\"\(3 * height)\""
    }

    /// Adds the definition `markup` writes for a fresh id, and returns that id.
    private func define(_ kind: String, _ markup: (_ id: String) -> String) -> String {
        let id = "\(kind)\(definitions.count)"
        definitions.append(markup(id))
        return id
    }
}
