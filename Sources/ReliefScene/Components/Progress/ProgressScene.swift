import Foundation
import ReliefGeometry
import ReliefMotion
import ReliefSpec

/// A progress indicator (docs/CONTROLS.md). A bar: a capsule well the frame's size, the done part
/// a capsule 3 points inside it from the leading end, small raised in the active colour. A ring: a
/// circular groove `thickness` wide, the well of the frame's circle around a small raised disc, and
/// the done part an arc along the groove's centre line from 12 o'clock clockwise, in the active colour
/// with the small raised shadows. The done part's shadows stay inside the well.
extension RenderSpec.ProgressOptions: ComponentScene {
    /// Points between a bar's well and its done part.
    static let barInset = 3.0
    /// How much narrower the ring's arc is than its groove, in points; it is at least ``leastArcWidth``.
    static let arcInset = 4.0
    static let leastArcWidth = 2.0

    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        let style = context.style, size = Size(frame.width, frame.height)
        switch form {
        case .bar:
            let inner = size.height - 2 * Self.barInset
            let length = value == 0 ? 0 : max(inner, value * (size.width - 2 * Self.barInset))
            let done = style.knobShadows(SceneShape.capsule.fill(.color(style.activeColor)))
                .frame(width: length, height: inner)
                .layoutOffset(x: Self.barInset + length / 2 - size.width / 2, y: 0)
            // The done part's shadows stay inside the well, under the edge contrast=high draws.
            let well = style.wellParts(.capsule, depth: .shallow)
            let view = View.zStack([well.sunk, done.mask(SceneShape.capsule.fill(.black)), well.edge ?? .empty])
                .frame(width: size.width, height: size.height)
            // The done part's straight middle, and the well beyond its end, a point clear of its edge.
            let centreLine = size.height / 2, doneEnd = Self.barInset + length
            let track = ValueTrack(
                filled: ValueTrack.line(y: centreLine, from: Self.barInset + inner / 2, through: doneEnd - inner / 2),
                rest: ValueTrack.line(y: centreLine, from: doneEnd + 1, through: size.width - size.height / 2))
            return ComponentDrawing(view: view, size: size, outline: .capsule, parts: .value(track))
        case .ring(let thickness):
            let diameter = self.diameter
            let plate = style.knob(.circle, isOn: false).frame(width: diameter - 2 * thickness, height: diameter - 2 * thickness)
            let well = style.wellParts(.circle, depth: .shallow)
            var layers = [well.sunk.frame(width: diameter, height: diameter), plate]
            let radius = (diameter - thickness) / 2, arcWidth = max(Self.leastArcWidth, thickness - Self.arcInset)
            let sweep = value * 2 * Double.pi
            if value > 0 {
                var arc = IconPathBuilder()
                arc.strokeArc(
                    center: Point(0.5, 0.5), radius: radius / diameter, startAngle: -Double.pi / 2, sweep: sweep,
                    width: arcWidth / diameter)
                let done = style.knobShadows(.artwork(arc.path, size: diameter, .color(style.activeColor)))
                layers.append(done.mask(SceneShape.circle.fill(.black)).frame(width: diameter, height: diameter))
            }
            layers += well.edge.map { [$0.frame(width: diameter, height: diameter)] } ?? []
            // The groove's centre circle, clockwise from 12 o'clock: the arc, and the groove a point clear of
            // its round caps.
            let centre = Point(size.width / 2, size.height / 2), cap = (arcWidth / 2 + 1) / radius
            let angles = stride(from: 0, to: 2 * Double.pi, by: ValueTrack.spacing / radius)
            let onCircle = { (angle: Double) in
                Point(centre.x + radius * sin(angle), centre.y - radius * cos(angle))
            }
            let track = ValueTrack(
                filled: value > 0 ? angles.filter { $0 <= sweep }.map(onCircle) : [],
                rest: angles.filter { $0 > sweep + cap && $0 < 2 * Double.pi - cap }.map(onCircle))
            return ComponentDrawing(
                view: View.zStack(layers).frame(width: size.width, height: size.height), size: size, outline: .circle,
                parts: .value(track))
        }
    }

    func standing(at sample: Timeline.Sample) -> RenderSpec.Component? {
        standingValue(at: sample)
    }
}
