import ReliefGeometry

/// The parts of a control that the audit measures one by one, where they lie, in points: on the canvas
/// in a ``Scene``, in the component's frame while it is drawn.
public enum SceneParts: Sendable, Hashable {
    /// A control measured as a whole.
    case whole
    /// Choices side by side (a segmented control's segments, a tab bar's tabs): each one's share of the
    /// frame, its own touch target, in the choices' order, the first at the leading edge.
    case choices([Rect])
    /// A value shown along a track (a slider, a progress indicator).
    case value(ValueTrack)

    /// The parts moved by `offset`, as the frame is placed on the canvas.
    public func offsetBy(_ offset: Point) -> SceneParts {
        switch self {
        case .whole: .whole
        case .choices(let shares): .choices(shares.map { $0.offsetBy(offset) })
        case .value(let track): .value(track.offsetBy(offset))
        }
    }
}

/// Where a value's fill and the rest of its track are seen: points every half point along the track's
/// centre line, clear of a knob, a stop's dot and the track's rounded ends, where one colour lies.
public struct ValueTrack: Sendable, Hashable {
    /// Where the part filled up to the value shows (a slider's fill, a progress indicator's done part);
    /// none when the value leaves none of it in view.
    public var filled: [Point]
    /// Where the rest of the track shows; none when the value fills it.
    public var rest: [Point]
    /// The track's frame, which a slider's knob meets on both sides; `nil` without a knob.
    public var knobMeets: Rect?

    /// Points every half point along the centre line: the spacing of the samples.
    public static let spacing = 0.5

    public init(filled: [Point], rest: [Point], knobMeets: Rect? = nil) {
        self.filled = filled
        self.rest = rest
        self.knobMeets = knobMeets
    }

    /// Points every ``spacing`` on the horizontal line at `y` from `start` through `end`, none when
    /// `end` is before `start`, leaving out those `excluded` says.
    static func line(
        y: Double, from start: Double, through end: Double, excluding excluded: (Double) -> Bool = { _ in false }
    ) -> [Point] {
        guard end >= start else { return [] }
        return stride(from: start, through: end, by: spacing).filter { !excluded($0) }.map { Point($0, y) }
    }

    func offsetBy(_ offset: Point) -> ValueTrack {
        ValueTrack(
            filled: filled.map { $0 + offset }, rest: rest.map { $0 + offset }, knobMeets: knobMeets?.offsetBy(offset))
    }
}
