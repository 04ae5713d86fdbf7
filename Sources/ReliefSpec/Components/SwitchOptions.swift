extension RenderSpec {
    /// Seed 004's switch: a knob sliding along a deep well, the state's word beside it.
    public struct SwitchOptions: Sendable, Hashable {
        /// `on`.
        public var isOn: Bool
        /// The track: `width`, `height` and `radius`.
        public var frame: Frame
        /// Extra width of the knob beyond the track's height, in points: `knob`.
        public var knob: Double
        /// Inset of the knob inside the track, in points: `padding`.
        public var padding: Double
        /// The words for on and for off, exactly as given: `onlabel` and `offlabel`.
        public var onLabel: String
        public var offLabel: String
    }
}

extension RenderSpec.SwitchOptions {
    init(resolved values: QueryValues) {
        typealias Parameter = RenderSpec.Parameter
        isOn = values.resolved(Parameter.on)
        frame = RenderSpec.Frame(resolved: values)
        knob = values.resolved(Parameter.knob)
        padding = values.resolved(Parameter.padding)
        onLabel = values.resolved(Parameter.onlabel)
        offLabel = values.resolved(Parameter.offlabel)
    }
}
