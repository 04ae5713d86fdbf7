/// What an SVG shape is filled or stroked with (SPEC §1 "linear gradient").
enum SVGPaint {
    case color(SpecColor)
    /// From `from` at (x1, y1) to `to` at (x2, y2), in user space (points), so colour is constant
    /// along lines perpendicular to the axis in real space whatever the frame's proportions.
    case linearGradient(from: SpecColor, to: SpecColor, x1: Double, y1: Double, x2: Double, y2: Double)

    /// `LinearGradient(a, b)`: the frame's top-left corner to its bottom-right corner.
    static func diagonal(_ from: SpecColor, _ to: SpecColor, across frame: SVGShape) -> SVGPaint {
        .linearGradient(from: from, to: to, x1: frame.x, y1: frame.y,
                        x2: frame.x + frame.width, y2: frame.y + frame.height)
    }

    /// Seed 004's mask gradients: the frame's top edge to its bottom edge.
    static func vertical(_ from: SpecColor, _ to: SpecColor, across frame: SVGShape) -> SVGPaint {
        let centre = frame.x + frame.width / 2
        return .linearGradient(from: from, to: to, x1: centre, y1: frame.y, x2: centre, y2: frame.y + frame.height)
    }
}
