extension RenderSpec {
    /// What a checkbox and a radio button share: a small mark that is on or off, and words beside it.
    public protocol ChoiceOptions: ComponentOptions {
        /// `on`.
        var isOn: Bool { get set }

        /// The mark in `isOn`'s state with `label` (the words beside it, exactly as given) or none.
        init(isOn: Bool, label: String?)
    }
}

extension RenderSpec.ChoiceOptions {
    public static var sharedParameters: Set<RenderSpec.SharedParameter> { [.on, .label, .animation] }
    public static var castsOnlySmallShadowsInSoft: Bool { true }
    public static var stateWords: (active: String, resting: String)? { ("on", "off") }

    public init(resolved values: QueryValues) {
        self.init(isOn: values.resolved(RenderSpec.Parameter.on), label: values[RenderSpec.Parameter.label])
    }

    public var frame: RenderSpec.Frame { Self.defaultFrame }
    public var isActive: Bool { isOn }

    public var inOtherState: Self {
        var other = self
        other.isOn.toggle()
        return other
    }

    /// The label widens the frame beside the mark.
    public var growingParameter: (name: String, words: String)? {
        label.map { _ in ("label", "the label beside the \(Self.kind.rawValue) grows") }
    }
}
