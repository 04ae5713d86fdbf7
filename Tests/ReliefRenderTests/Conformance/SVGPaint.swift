/// What an SVG shape is filled or stroked with (SPEC §1 "linear gradient").
enum SVGPaint {
    case color(SpecColor)
    /// From `from` at (x1, y1) to `to` at (x2, y2), in user space (points), so colour is constant
    /// along lines perpendicular to the axis in real space whatever the frame's proportions.
    case linearGradient(from: SpecColor, to: SpecColor, x1: Double, y1: Double, x2: Double, y2: Double)

}
