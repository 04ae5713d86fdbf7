extension AccessibilityAudit {
    /// What a check measures. The raw value is the check's `id` in the audit's JSON.
    public enum CheckID: String, Sendable, Hashable, CaseIterable {
        case labelContrast = "label-contrast"
        case controlContrast = "control-contrast"
        case stateContrast = "state-contrast"
        case targetSize = "target-size"

        /// The check's name for people, as the playground heads its row.
        public var title: String {
            switch self {
            case .labelContrast: "Icon or label contrast"
            case .controlContrast: "Edge contrast"
            case .stateContrast: "State contrast"
            case .targetSize: "Target size"
            }
        }

        /// What the check measures, as a suggestion names it: "contrast=high raises the label to …".
        var subject: String {
            switch self {
            case .labelContrast: "the label"
            case .controlContrast: "the control's edge"
            case .stateContrast: "the difference between states"
            case .targetSize: "the target"
            }
        }
    }

    /// A WCAG 2.2 conformance level.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        case aa = "AA"
        case aaa = "AAA"
    }
}
