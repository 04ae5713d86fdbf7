extension AccessibilityAudit {
    /// What a check measures. The raw value is the check's `id` in the audit's JSON.
    public enum CheckID: String, Sendable, Hashable, CaseIterable {
        case labelContrast = "label-contrast"
        case controlContrast = "control-contrast"
        case stateContrast = "state-contrast"
        case targetSize = "target-size"
        /// A screen's `Text` against the background beneath it (1.4.3, 1.4.6).
        case textContrast = "text-contrast"
        /// A screen's `Image(icon:)` against the background beneath it (1.4.11).
        case iconContrast = "icon-contrast"
        /// A target on a screen against the targets around it (2.5.8).
        case targetSpacing = "target-spacing"

        /// The check's name for people, as the playground heads its row.
        public var title: String {
            switch self {
            case .labelContrast: "Icon or label contrast"
            case .controlContrast: "Edge contrast"
            case .stateContrast: "State contrast"
            case .targetSize: "Target size"
            case .textContrast: "Text contrast"
            case .iconContrast: "Icon contrast"
            case .targetSpacing: "Target spacing"
            }
        }

        /// What the check measures, as a suggestion names it: "contrast=high raises the label to …".
        var subject: String {
            switch self {
            case .labelContrast: "the label"
            case .controlContrast: "the control's edge"
            case .stateContrast: "the difference between states"
            case .targetSize: "the target"
            case .textContrast: "the text"
            case .iconContrast: "the icon"
            case .targetSpacing: "the target's spacing"
            }
        }
    }

    /// A WCAG 2.2 conformance level.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        case aa = "AA"
        case aaa = "AAA"
    }
}
