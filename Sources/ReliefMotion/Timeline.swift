/// SPEC §8's change from one state into the other: what has moved how far at any time since the tap.
///
/// A timeline is one of three: the state change of a button or toggle, every value moving as
/// `withAnimation(.easeInOut(duration: 0.25))` moves it; seed 004's switch, whose knob stretches
/// out and back (two additive easeInOut width animations of 0.2 and 0.4 s) while a spring carries it
/// across; or a part that seed 004's spring alone carries across (a segmented control's chosen
/// segment, a tab bar's chosen tab). ``sample(at:)`` gives exactly the start before 0 and exactly the end from ``duration``.
public struct Timeline: Sendable, Hashable {
    /// The values of the animation at one time.
    public struct Sample: Sendable, Hashable {
        /// How far every value that differs between the two states has moved: 0 at the start, 1 at
        /// the end, a little beyond 1 where the spring overshoots.
        public var progress: Double
        /// How much wider the switch's knob frame is than at rest, as a share of (width − height):
        /// E(t/0.2) − E(t/0.4), 0 at both ends and for buttons and toggles.
        public var stretch: Double

        public init(progress: Double, stretch: Double) {
            self.progress = progress
            self.stretch = stretch
        }

        public static let start = Sample(progress: 0, stretch: 0)
        public static let end = Sample(progress: 1, stretch: 0)
    }

    private enum Kind: Sendable, Hashable {
        case stateChange
        case knobSlide
        case springSlide
    }

    private let kind: Kind
    /// When every value has arrived, in seconds after the tap.
    public let duration: Double

    /// A button's or toggle's change: `withAnimation(.easeInOut(duration: 0.25))`.
    public static let stateChange = Timeline(kind: .stateChange, duration: stateChangeDuration)

    /// Seed 004's switch whose knob travels `travel` pixels: it ends when the longer width animation
    /// has ended and the spring is within half a pixel of the end.
    public static func knobSlide(travel: Double) -> Timeline {
        Timeline(
            kind: .knobSlide,
            duration: max(narrowDuration, Spring.seed004.settlingTime(distance: travel, tolerance: 0.5)))
    }

    /// A part that seed 004's spring carries `travel` pixels: it ends when the spring is within half
    /// a pixel of the end.
    public static func springSlide(travel: Double) -> Timeline {
        Timeline(kind: .springSlide, duration: Spring.seed004.settlingTime(distance: travel, tolerance: 0.5))
    }

    /// The easeInOut duration of a button's or toggle's change, in seconds.
    public static let stateChangeDuration = 0.25
    /// Seed 004's two width animations, started together: one to the track's width in 0.2 s, one
    /// back to the height in 0.4 s.
    public static let widenDuration = 0.2
    public static let narrowDuration = 0.4

    /// The values at `time` seconds after the tap.
    public func sample(at time: Double) -> Sample {
        if time <= 0 { return .start }
        if time >= duration { return .end }
        let ease = TimingCurve.easeInOut
        switch kind {
        case .stateChange:
            return Sample(progress: ease.value(at: time / Self.stateChangeDuration), stretch: 0)
        case .knobSlide:
            return Sample(
                progress: 1 - Spring.seed004.remaining(at: time),
                stretch: ease.value(at: time / Self.widenDuration) - ease.value(at: time / Self.narrowDuration))
        case .springSlide:
            return Sample(progress: 1 - Spring.seed004.remaining(at: time), stretch: 0)
        }
    }

    /// The times of the frames at `framesPerSecond`: k / fps from 0 up to the first at or after
    /// ``duration``, which shows the end.
    public func frameTimes(framesPerSecond: Double) -> [Double] {
        let last = Int((duration * framesPerSecond - 1e-9).rounded(.up))
        return (0...max(last, 1)).map { Double($0) / framesPerSecond }
    }
}
