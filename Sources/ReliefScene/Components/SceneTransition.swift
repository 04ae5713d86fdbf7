import ReliefGeometry
import ReliefMotion
import ReliefSpec

/// SPEC §8: the change into the state a spec asks for, from the other state at rest, as a scene at
/// any time of its timeline.
///
/// Every frame is built by the same component and style code as a still: the scenes of the two
/// states (a switch's with its knob where the timeline has carried it, in both) interpolated by the
/// timeline's progress (``View/interpolated(to:by:)``), so whatever differs between the states
/// moves and a part of one state only fades; a component whose value moves (a slider) is drawn
/// anew at the value the timeline has reached. At the start it is exactly the other state's still,
/// from the end exactly the asked-for one's.
public struct SceneTransition: Sendable {
    /// The state asked for, with its margin (``RenderSpec/withMargin(shaper:)``).
    public let spec: RenderSpec
    /// The other state at rest: the first frame.
    public let start: Scene
    /// The state asked for at rest: the last frame, and the still.
    public let end: Scene
    /// When what moves, and how far.
    public let timeline: Timeline
    private let shaper: any TextShaper

    /// The change into `spec`'s state, its text measured with `shaper`. A switch's timeline ends
    /// when its knob is within half a pixel of its end at the spec's scale.
    public init(spec asked: RenderSpec, shaper: any TextShaper) throws {
        // Every picture on the canvas of the two stills, whatever its knob or value.
        let spec = try asked.withMargin(shaper: shaper)
        self.spec = spec
        self.shaper = shaper
        start = try Scene(spec: spec.otherState, shaper: shaper)
        end = try Scene(spec: spec, shaper: shaper)
        timeline = Self.timeline(for: spec, frameWidth: end.frame.width)
    }

    /// The timeline of `spec`'s change when its component's frame is `frameWidth` points wide (the
    /// query's width, unless a label grew it), as its unit times it.
    public static func timeline(for spec: RenderSpec, frameWidth: Double) -> Timeline {
        spec.component.scene.timeline(frameWidth: frameWidth, scale: spec.output.scale)
    }

    /// The scene `time` seconds after the tap.
    public func scene(at time: Double) throws -> Scene {
        if time <= 0 { return start }
        if time >= timeline.duration { return end }
        let sample = timeline.sample(at: time)
        if let standing = spec.component.scene.standing(at: sample) {
            var between = spec
            between.component = standing
            return try Scene(spec: between, shaper: shaper)
        }
        guard let knob = spec.component.scene.knob(at: sample) else {
            return start.interpolated(to: end, by: sample.progress)
        }
        let from = try Scene(spec: spec.otherState, glyphs: .drawn, knob: knob, shaper: shaper)
        let to = try Scene(spec: spec, glyphs: .drawn, knob: knob, shaper: shaper)
        return from.interpolated(to: to, by: sample.progress)
    }
}

extension Scene {
    /// This scene `amount` of the way to `other`, which has the same canvas and frame: the
    /// component and the background move as ``View/interpolated(to:by:)`` moves views.
    func interpolated(to other: Scene, by amount: Double) -> Scene {
        let background: Fill? =
            switch (background, other.background) {
            case let (mine?, theirs?): mine.interpolated(to: theirs, by: amount)
            default: other.background
            }
        return Scene(
            size: other.size, background: background, content: content.interpolated(to: other.content, by: amount),
            frame: other.frame, outline: other.outline, outlineFrame: other.outlineFrame)
    }
}
