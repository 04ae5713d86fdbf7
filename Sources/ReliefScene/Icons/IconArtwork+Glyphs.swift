import ReliefGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The drawings themselves, each in the unit em square with y pointing down.
///
/// Sizes are set by eye against the heart: shapes that fill their box (pause, play) are drawn smaller
/// than shapes with open space (star points, the power ring's gap), so all of them carry similar weight.
extension IconArtwork {
    /// The pen width of the line-drawn glyphs (plus, check, power), so they share one weight.
    static let strokeWeight = 0.13

    /// Two round lobes meeting in a soft point at the bottom.
    static let heart: Path = {
        var rightHalf = Path()
        rightHalf.move(to: Point(0.5, 0.25))
        rightHalf.cubic(to: Point(0.72, 0.12), control1: Point(0.55, 0.16), control2: Point(0.63, 0.12))
        rightHalf.cubic(to: Point(0.95, 0.36), control1: Point(0.85, 0.12), control2: Point(0.95, 0.22))
        rightHalf.cubic(to: Point(0.53, 0.875), control1: Point(0.95, 0.58), control2: Point(0.635, 0.805))
        // Half of the rounding of the tip at (0.5, 0.895); the mirrored half completes it.
        rightHalf.quad(to: Point(0.5, 0.885), control: Point(0.515, 0.885))
        var builder = IconPathBuilder()
        builder.mirroredContour(rightHalf: rightHalf, axis: 0.5)
        return builder.path
    }()

    /// Five points with slightly rounded tips, a little plumper than a geometric star.
    static let star: Path = {
        let center = Point(0.5, 0.53), outerRadius = 0.47, innerRadius = 0.22
        let corners = (0..<10).map { index in
            let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
            let radius = index.isMultiple(of: 2) ? outerRadius : innerRadius
            return center + Point(cos(angle), sin(angle)) * radius
        }
        var builder = IconPathBuilder()
        builder.roundedPolygon(corners, radius: 0.025)
        return builder.path
    }()

    /// A triangle pointing right with softened corners; its box sits a little right of centre and its
    /// mass a little left, which reads as centred.
    static let play: Path = {
        var builder = IconPathBuilder()
        builder.roundedPolygon([Point(0.24, 0.14), Point(0.86, 0.5), Point(0.24, 0.86)], radius: 0.05)
        return builder.path
    }()

    /// Two upright bars with rounded corners.
    static let pause: Path = {
        var builder = IconPathBuilder()
        for left in [0.22, 0.58] {
            builder.roundedRect(RoundedRect(rect: Rect(x: left, y: 0.14, width: 0.2, height: 0.72), cornerRadius: 0.05))
        }
        return builder.path
    }()

    /// A thick cross whose four arms end in half circles, traced as one outline.
    static let plus: Path = {
        let center = Point(0.5, 0.5), halfWidth = strokeWeight / 2, armLength = 0.35
        var builder = IconPathBuilder()
        for quarterTurns in 0..<4 {
            let angle = Double(quarterTurns) * Double.pi / 2
            let along = Point(cos(angle), sin(angle)), across = Point(-sin(angle), cos(angle))
            // The inner corner before this arm, then around the arm's round end.
            builder.continueContour(to: center + along * halfWidth - across * halfWidth)
            builder.arc(
                center: center + along * armLength, radius: halfWidth,
                startAngle: angle - Double.pi / 2, sweep: Double.pi)
        }
        builder.close()
        return builder.path
    }()

    /// A tick: a short stroke down to the right, then a long one up to the right.
    static let check: Path = {
        var builder = IconPathBuilder()
        builder.stroke([Point(0.16, 0.52), Point(0.40, 0.76), Point(0.84, 0.24)], width: strokeWeight)
        return builder.path
    }()

    /// A ring open at the top with a bar dropping into the opening.
    static let power: Path = {
        let ringCenter = Point(0.5, 0.55), gap = 0.75  // half the opening, in radians
        var builder = IconPathBuilder()
        builder.strokeArc(
            center: ringCenter, radius: 0.33,
            startAngle: -Double.pi / 2 + gap, sweep: 2 * Double.pi - 2 * gap, width: strokeWeight)
        builder.stroke([Point(0.5, 0.11), Point(0.5, 0.46)], width: strokeWeight)
        return builder.path
    }()

    /// A domed body flaring into a wide rim, with a knob on top and a clapper hanging below.
    static let bell: Path = {
        var rightHalf = Path()
        rightHalf.move(to: Point(0.5, 0.08))
        rightHalf.cubic(to: Point(0.56, 0.15), control1: Point(0.535, 0.08), control2: Point(0.56, 0.11))
        rightHalf.cubic(to: Point(0.76, 0.42), control1: Point(0.69, 0.18), control2: Point(0.76, 0.29))
        rightHalf.cubic(to: Point(0.86, 0.68), control1: Point(0.76, 0.56), control2: Point(0.80, 0.63))
        rightHalf.cubic(to: Point(0.86, 0.76), control1: Point(0.91, 0.72), control2: Point(0.90, 0.76))
        rightHalf.line(to: Point(0.5, 0.76))
        var builder = IconPathBuilder()
        builder.mirroredContour(rightHalf: rightHalf, axis: 0.5)
        // The clapper: the lower half of a disc, clear of the rim.
        builder.arc(center: Point(0.5, 0.8), radius: 0.1, startAngle: 0, sweep: Double.pi)
        builder.close()
        return builder.path
    }()
}
