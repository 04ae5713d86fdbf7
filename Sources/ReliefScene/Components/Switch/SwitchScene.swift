import ReliefMotion
import ReliefSpec

/// A switch: seed 004's track, words and knob (``SwitchView``); in an animation the knob slides with
/// the seed's stretch and spring.
extension RenderSpec.SwitchOptions: ComponentScene {
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        let control = try SwitchView(
            self, look: context.spec.look, scale: context.spec.output.scale, style: context.style,
            showsWords: context.glyphs == .drawn, shaper: context.shaper)
        // Its track keeps the query's outline; a long word widens it.
        var drawing = ComponentDrawing(framing: context.spec) { _ in control.view(style: context.style, knob: context.knob) }
        drawing.size.width = control.width
        return drawing
    }

    /// The knob travels the frame less its height and knob, at `scale`.
    func timeline(frameWidth: Double, scale: Double) -> Timeline {
        .knobSlide(travel: (frameWidth - frame.height - knob) * scale)
    }

    /// The knob stands where the spring has carried it, in the scenes of both states alike, so only
    /// what differs between the states (colours, a long word) moves by the progress.
    func knob(at sample: Timeline.Sample) -> SwitchView.KnobPosition? {
        .moving(stretch: sample.stretch, share: isOn ? sample.progress : 1 - sample.progress)
    }
}
