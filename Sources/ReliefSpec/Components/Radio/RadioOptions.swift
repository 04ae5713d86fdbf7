extension RenderSpec {
    /// A radio button: a small circle, pressed in with a dot when on, its label beside it.
    public struct RadioOptions: ChoiceOptions {
        public var isOn: Bool
        public var label: String?

        public init(isOn: Bool, label: String?) {
            self.isOn = isOn
            self.label = label
        }
    }
}

extension RenderSpec.RadioOptions {
    public static let kind = RenderSpec.ComponentKind.radio
    public static let layoutName = "Radio"
    public static let layoutLabels: [String: String?] = ["label": nil, "on": "isOn"]
    /// The circle: 28 points across (SPEC §13).
    public static let defaultFrame = RenderSpec.Frame(width: 28, height: 28, radius: 14)

    public var component: RenderSpec.Component { .radio(self) }
}
