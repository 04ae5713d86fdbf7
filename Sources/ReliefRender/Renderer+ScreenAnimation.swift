import ReliefScene
import ReliefSpec

extension Renderer {
    /// A screen's change as an animated PNG: every element with a state to change animating
    /// together (``ScreenTransition``), drawn and encoded as a component's animation is
    /// (``animatedPNG(for:effort:supervisor:)``): the first frame is the screen with those elements in
    /// their other state, the last the still, pixel for pixel.
    func animatedPNG(of laidOut: LaidOutScreen, effort: EncodingEffort, supervisor: RenderSupervisor) throws -> RenderedPNG {
        guard let transition = laidOut.transition, let animation = laidOut.output.animation else {
            preconditionFailure("a still screen has no frames")
        }
        let drawing = laidOut.drawing
        return try timedAnimatedPNG(effort: effort) {
            try self.animation(
                from: drawing.scene(margin: laidOut.margin, content: try transition.content(at: 0)), to: laidOut.scene,
                times: transition.frameTimes(framesPerSecond: animation.framesPerSecond),
                sceneAt: { time in drawing.scene(margin: laidOut.margin, content: try transition.content(at: time)) },
                output: laidOut.output, pixels: laidOut.pixels, tooLarge: drawing.request.page.animationTooLargeError,
                supervisor: supervisor)
        }
    }
}
