import Foundation
import ReliefSpec

/// The slider and the progress indicator of docs/CONTROLS.md, in every style: shallow wells, the
/// active colour and seed 004's knob.
extension RecipeSVG {
    /// A 12-point capsule track across the frame's middle, filled in the active colour up to the knob's
    /// centre, a dot at each stop in the label colour at 40 %, and a 28-point knob whose edge meets the
    /// frame's at 0 and 1.
    func slider(_ control: RenderSpec.SliderOptions) throws(Unsupported) -> String {
        let trackY = frame.y + (frame.height - 12) / 2
        let knobCentre = frame.x + 14 + control.value * (frame.width - 28)
        let track = SVGShape(outline: .capsule, x: frame.x, y: trackY, width: frame.width, height: 12)
        let fill = SVGShape(outline: .capsule, x: frame.x, y: trackY, width: knobCentre - frame.x, height: 12)
        let labelColour: SpecColor = spec.look.style == .light || spec.look.style == .soft ? .gray : .white
        let dot = SpecColor(labelColour.red, labelColour.green, labelColour.blue, opacity: 0.4)
        let stops: [String] =
            control.steps == 0
            ? []
            : (0...control.steps).map { stop in
                let x = frame.x + 14 + Double(stop) / Double(control.steps) * (frame.width - 28)
                return svg.fill(
                    SVGShape(outline: .circle, x: x - 2, y: frame.y + frame.height / 2 - 2, width: 4, height: 4), .color(dot))
            }
        let knob = SVGShape(outline: .circle, x: knobCentre - 14, y: frame.y + frame.height / 2 - 14, width: 28, height: 28)
        let filled = svg.fill(fill, .color(try activeColor()))
        return svg.group(shallowWell(track), filled, stops.joined(separator: "\n"), self.knob(knob))
    }

    /// A bar: the frame a capsule well, the done part a capsule 3 points inside it from the left,
    /// value × (width − 6) long but at least its height, filled with the active colour under the
    /// knob's shadows, kept inside the well. A ring: the frame's circle a well around a knob `thickness` smaller each side,
    /// and the done part an arc along the groove's middle from 12 o'clock clockwise, `thickness` − 4
    /// wide with round ends.
    func progress(_ control: RenderSpec.ProgressOptions) throws(Unsupported) -> String {
        let active = try activeColor()
        guard let thickness = control.ringThickness else {
            let well = shallowWell(frame.with(.capsule))
            guard control.value > 0 else { return well }
            let inner = frame.height - 6
            let done = SVGShape(
                outline: .capsule, x: frame.x + 3, y: frame.y + 3, width: max(inner, control.value * (frame.width - 6)),
                height: inner)
            return svg.group(
                well, svg.mask(knobShadows(svg.fill(done, .color(active))), by: svg.fill(frame.with(.capsule), .color(.black))))
        }
        let diameter = min(frame.width, frame.height)
        let ring = SVGShape(
            outline: .circle, x: frame.x + (frame.width - diameter) / 2, y: frame.y + (frame.height - diameter) / 2,
            width: diameter, height: diameter)
        let groove = svg.group(shallowWell(ring), knob(ring.inset(by: thickness)))
        guard control.value > 0 else { return groove }
        let centreX = ring.x + diameter / 2, centreY = ring.y + diameter / 2, radius = (diameter - thickness) / 2
        let end = control.value * 2 * Double.pi
        let arc: String
        if control.value >= 1 {
            arc = "<circle cx=\"\(centreX)\" cy=\"\(centreY)\" r=\"\(radius)\""
        } else {
            let x = centreX + radius * sin(end), y = centreY - radius * cos(end)
            arc =
                "<path d=\"M \(centreX) \(centreY - radius) A \(radius) \(radius) 0 \(control.value > 0.5 ? 1 : 0) 1 \(x) \(y)\""
        }
        let stroke =
            arc + " fill=\"none\" stroke=\"\(active.svgColor)\" stroke-width=\"\(max(2, thickness - 4))\" "
            + "stroke-linecap=\"round\"/>"
        return svg.group(groove, svg.mask(knobShadows(stroke), by: svg.fill(ring, .color(.black))))
    }
}
