extension RenderSpec {
    /// Seed 004's switch: a knob sliding along a deep well, the state's word beside it.
    public struct SwitchOptions: ComponentOptions {
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
    public static let kind = RenderSpec.ComponentKind.switch
    public static let layoutName = "Switch"
    public static let layoutLabels: [String: String?] = ["on": "isOn"]
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [.frame, .on, .words, .animation]
    public static let defaultFrame = RenderSpec.WellOptions.defaultFrame
    /// Its track is a well; the knob's shadows stay near it.
    public static let castsOnlySmallShadowsInSoft = true
    public static let stateWords: (active: String, resting: String)? = ("on", "off")

    public init(resolved values: QueryValues) {
        typealias Parameter = RenderSpec.Parameter
        isOn = values.resolved(Parameter.on)
        frame = RenderSpec.Frame(resolved: values)
        knob = values.resolved(Parameter.knob)
        padding = values.resolved(Parameter.padding)
        onLabel = values.resolved(Parameter.onlabel)
        offLabel = values.resolved(Parameter.offlabel)
    }

    public var component: RenderSpec.Component { .switch(self) }
    public var isActive: Bool { isOn }

    public var inOtherState: Self {
        var other = self
        other.isOn.toggle()
        return other
    }

    /// The longer word grows the switch.
    public var growingParameter: (name: String, words: String)? {
        (onLabel.graphemeClusterCount >= offLabel.graphemeClusterCount ? "onlabel" : "offlabel", "the switch's words grow")
    }

    /// The knob frame is (height + knob) × height inside a track `width` wide, and the knob is inset by
    /// `padding` inside it: both must leave the knob room.
    public func checkProportions() throws(SpecError) {
        typealias Limits = RenderSpec.Limits
        let number = DecimalText.format
        let (width, height) = (frame.width, frame.height)
        if height + knob > width {
            throw SpecError(
                parameter: "knob",
                allowed: "a number from \(number(Limits.knob.lowerBound)) to \(number(Limits.knob.upperBound)), "
                    + "at most width - height",
                detail: "knob must be at most width - height (\(number(width)) - \(number(height)) = "
                    + "\(number(width - height))) for the knob to fit the switch; got \"\(number(knob))\""
            )
        }
        if 2 * padding >= height {
            throw SpecError(
                parameter: "padding",
                allowed: "a number from \(number(Limits.padding.lowerBound)) to \(number(Limits.padding.upperBound)), "
                    + "less than half the height",
                detail: "padding must be less than half the height (\(number(height)) / 2 = \(number(height / 2))) "
                    + "for the knob to keep some height; got \"\(number(padding))\""
            )
        }
    }
}

extension RenderSpec.Component {
    /// The payload of a switch; `nil` for the others.
    public var switchOptions: RenderSpec.SwitchOptions? {
        if case .switch(let options) = self { options } else { nil }
    }
}

extension RenderSpec.Parameter {
    static let knob = TypedParameter<Double>(
        "knob", .number(in: RenderSpec.Limits.knob), spec: { $0.component.switchOptions?.knob },
        applies: .component(.switch),
        default: 20,
        description: "Extra width of a switch's knob beyond its height, in points; at most width - height.",
        presentation: .init("Knob extra width", .frame, unit: "pt"))
    static let padding = TypedParameter<Double>(
        "padding", .number(in: RenderSpec.Limits.padding), spec: { $0.component.switchOptions?.padding },
        applies: .component(.switch),
        default: 10,
        description: "Inset of a switch's knob in points; less than half the height.",
        presentation: .init("Knob padding", .frame, unit: "pt"))
    static let onlabel = switchWordParameter(
        state: "on", colour: "green", spec: { $0.component.switchOptions?.onLabel },
        default: RenderSpec.defaultOnLabel)
    static let offlabel = switchWordParameter(
        state: "off", colour: "red", spec: { $0.component.switchOptions?.offLabel },
        default: RenderSpec.defaultOffLabel)

    /// `onlabel` or `offlabel`: the switch's word for `state`, drawn in the style's `colour`.
    private static func switchWordParameter(
        state: String, colour: String, spec: @escaping @Sendable (RenderSpec) -> String?, default word: String
    ) -> TypedParameter<String> {
        TypedParameter(
            state + "label", .label, spec: spec,
            applies: .component(.switch),
            default: word,
            isLeftOutAtDefault: true,
            description: "The switch's word for \(state), in place of \(word), in its \(colour), shown beside the knob "
                + "when \(state). A longer word widens the switch; the knob and the track's height stay.",
            presentation: .init(state.prefix(1).uppercased() + state.dropFirst() + " word", .content))
    }
}
