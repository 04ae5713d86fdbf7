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
                .offset(x: Self.barInset + length / 2 - size.width / 2, y: 0)
            // The done part's shadows stay inside the well, under the edge contrast=high draws.
            let well = style.wellParts(.capsule, depth: .shallow)
            let view = View.zStack([well.sunk, done.mask(SceneShape.capsule.fill(.black)), well.edge ?? .empty])
                .frame(width: size.width, height: size.height)
            return ComponentDrawing(view: view, size: size, outline: .capsule)
        case .ring(let thickness):
            let diameter = self.diameter
            let plate = style.knob(.circle, isOn: false).frame(width: diameter - 2 * thickness, height: diameter - 2 * thickness)
            let well = style.wellParts(.circle, depth: .shallow)
            var layers = [well.sunk.frame(width: diameter, height: diameter), plate]
            if value > 0 {
                var arc = IconPathBuilder()
                arc.strokeArc(
                    center: Point(0.5, 0.5), radius: (diameter - thickness) / 2 / diameter, startAngle: -Double.pi / 2,
                    sweep: value * 2 * Double.pi, width: max(Self.leastArcWidth, thickness - Self.arcInset) / diameter)
                let done = style.knobShadows(.artwork(arc.path, size: diameter, .color(style.activeColor)))
                layers.append(done.mask(SceneShape.circle.fill(.black)).frame(width: diameter, height: diameter))
            }
            layers += well.edge.map { [$0.frame(width: diameter, height: diameter)] } ?? []
            return ComponentDrawing(
                view: View.zStack(layers).frame(width: size.width, height: size.height), size: size, outline: .circle)
        }
    }

    func standing(at sample: Timeline.Sample) -> RenderSpec.Component? {
        standingValue(at: sample)
    }
}
