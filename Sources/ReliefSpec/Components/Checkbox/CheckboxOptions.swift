extension RenderSpec {
    /// A checkbox: a small rounded square, pressed in with a check mark when on, its label beside it.
    public struct CheckboxOptions: ChoiceOptions {
        public var isOn: Bool
        public var label: String?

        public init(isOn: Bool, label: String?) {
            self.isOn = isOn
            self.label = label
        }
    }
}

extension RenderSpec.CheckboxOptions {
    public static let kind = RenderSpec.ComponentKind.checkbox
    public static let layoutName = "Checkbox"
    public static let layoutLabels: [String: String?] = ["label": nil, "on": "isOn"]
    /// The box: 28 points with corners of 6 (SPEC §13).
    public static let defaultFrame = RenderSpec.Frame(width: 28, height: 28, radius: 6)

    public var component: RenderSpec.Component { .checkbox(self) }
}
