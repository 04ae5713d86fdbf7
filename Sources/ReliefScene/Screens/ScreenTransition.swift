import ReliefGeometry
import ReliefMotion
import ReliefScreen
import ReliefSpec

/// A screen's change (SPEC §14 with §8): every element that has a state to change animates into the
/// state its arguments ask for, together, each on its own timeline (``SceneTransition``), from the
/// tap at time 0; the others stand still. The layout is the asked-for state's, so nothing moves but
/// what animates.
public struct ScreenTransition: Sendable {
    /// The screen in the state asked for: the last frame, and the still.
    public let drawing: ScreenDrawing
    private let transitions: [SourceLocation: SceneTransition]

    /// The change into `drawing`'s states, text measured with `shaper`: a transition for each
    /// component whose spec animates (those with a state to change, when the query asks for `animate`).
    public init(_ drawing: ScreenDrawing, shaper: any TextShaper) throws {
        self.drawing = drawing
        var transitions: [SourceLocation: SceneTransition] = [:]
        for location in drawing.request.components {
            guard let spec = drawing.specs[location], spec.output.animation != nil else { continue }
            transitions[location] = try SceneTransition(spec: spec, shaper: shaper)
        }
        self.transitions = transitions
    }

    /// The times of the pictures at `framesPerSecond`: those of the longest timeline, the last showing
    /// every element at its end.
    public func frameTimes(framesPerSecond: Double) -> [Double] {
        transitions.values.map { $0.timeline.frameTimes(framesPerSecond: framesPerSecond) }.max { $0.count < $1.count }
            ?? [0, 1 / framesPerSecond]
    }

    /// The screen's content `time` seconds after the tap: each animating component's scene of that
    /// time (its end once its timeline is over), the rest as laid out.
    public func content(at time: Double) throws -> View {
        var scenes: [SourceLocation: Scene] = [:]
        for location in drawing.request.components {
            if let transition = transitions[location] {
                scenes[location] = try transition.scene(at: time)
            } else if let still = drawing.elements.first(where: { $0.placed.location == location })?.scene {
                scenes[location] = still
            }
        }
        return drawing.content(with: scenes)
    }
}
