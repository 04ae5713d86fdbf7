import ReliefGeometry
import ReliefMotion
import ReliefSpec

/// A slider (docs/CONTROLS.md): a track 12 points high across the frame, a shallow capsule well,
/// filled in the active colour from the leading end to the knob's centre; with `steps`, a dot at each
/// stop; a round knob 28 across, small raised, whose edge meets the frame's at 0 and at 1.
/// `contrast=high` draws the well's edge over the fill and rings the knob in the label colour.
extension RenderSpec.SliderOptions: ComponentScene {
    /// The track's height, in points.
    static let trackHeight = 12.0
    /// A stop's dot, and how much of the label colour's opacity it has.
    static let tickDiameter = 4.0
    static let tickOpacity = 0.4

    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        let style = context.style, size = Size(frame.width, frame.height)
        let knobSide = Self.knobDiameter, travel = size.width - knobSide
        /// `view` in a frame `width` × `height` centred on `x` of the slider's centre line.
        func placed(_ view: View, width: Double, height: Double, centredOn x: Double) -> View {
            view.frame(width: width, height: height).layoutOffset(x: x - size.width / 2, y: 0)
        }
        let knobCentre = knobSide / 2 + value * travel
        let well = style.wellParts(.capsule, depth: .shallow)
        let fill = placed(
            SceneShape.capsule.fill(.color(style.activeColor)), width: knobCentre, height: Self.trackHeight,
            centredOn: knobCentre / 2)
        var tickColor = style.foreground(isActive: false)
        tickColor.alpha *= Self.tickOpacity
        let stops = steps == 0 ? [] : (0...steps).map { knobSide / 2 + Double($0) / Double(steps) * travel }
        let ticks = stops.map { stop in
            placed(
                SceneShape.circle.fill(.color(tickColor)), width: Self.tickDiameter, height: Self.tickDiameter,
                centredOn: stop)
        }
        let edge = well.edge.map { [$0.frame(width: size.width, height: Self.trackHeight)] } ?? []
        // The knob meets the fill, the bare track and the background; contrast=high rings it in the label
        // colour, which stands out from the track and the background, while its face stands out from
        // the fill, and leaves out its soft shadows, which would blur both where they meet.
        let isHighContrast = context.spec.look.contrast == .high
        let raised = style.knob(.circle, isOn: false)
        let knobEdge = SceneShape.circle.accessibleOutline(style.foreground(isActive: false), context.spec.look.contrast)
        let knob = placed(
            (isHighContrast ? raised.withoutOuterShadows : raised).overlay(knobEdge), width: knobSide, height: knobSide,
            centredOn: knobCentre)
        let view = View.zStack(
            [well.sunk.frame(width: size.width, height: Self.trackHeight), fill] + ticks + edge + [knob]
        ).frame(width: size.width, height: size.height)
        // The fill and the bare track along the centre line, a point clear of the knob's and the dots'
        // anti-aliased edges and of the track's rounded ends.
        let onDot = { (x: Double) in stops.contains { abs(x - $0) <= Self.tickDiameter / 2 + 1 } }
        let (centreLine, end) = (size.height / 2, Self.trackHeight / 2)
        let track = ValueTrack(
            filled: ValueTrack.line(y: centreLine, from: end, through: knobCentre - knobSide / 2 - 1, excluding: onDot),
            rest: ValueTrack.line(
                y: centreLine, from: knobCentre + knobSide / 2 + 1, through: size.width - end, excluding: onDot),
            knobMeets: Rect(x: 0, y: (size.height - Self.trackHeight) / 2, width: size.width, height: Self.trackHeight))
        return ComponentDrawing(
            view: view, size: size, outline: .circle,
            outlineFrame: Rect(x: knobCentre - knobSide / 2, y: (size.height - knobSide) / 2, width: knobSide, height: knobSide),
            parts: .value(track))
    }

    func standing(at sample: Timeline.Sample) -> RenderSpec.Component? {
        standingValue(at: sample)
    }
}
