import ReliefSpec

/// What the audit measures of a component beyond its face, outline and states, which every component
/// shares. Each component's payload conforms in its own folder (`Components/Switch/SwitchAudit.swift`);
/// the defaults fit a component without words of its own.
protocol ComponentAudit: RenderSpec.ComponentOptions {
    /// Words it draws of its own (not a face's label), whose contrast the label check measures: their
    /// name in the check's detail and whether WCAG counts them as large text; `nil` by default.
    var ownWords: (name: String, isLargeText: Bool)? { get }

    /// The least width that holds it at `height` when the target fix asks for `targetSide`; `targetSide`
    /// by default.
    func leastWidth(height: Double, targetSide: Double) -> Double

    /// What the checks of its parts call them, for the parts its scene lays out
    /// (``ReliefScene/SceneParts``); `nil` by default, for a component measured as a whole.
    var partNames: PartNames? { get }

    /// Whether a user acts on it, which makes its frame a target of WCAG 2.5.8 on a screen; true by
    /// default, false for what only shows (a well, a card, a progress indicator).
    var isTarget: Bool { get }
}

extension ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { nil }
    func leastWidth(height: Double, targetSide: Double) -> Double { targetSide }
    var partNames: PartNames? { nil }
    var isTarget: Bool { true }
}

/// What the checks of a component's parts call them.
enum PartNames {
    /// Each choice's name, in order ("segment 2, “Week”"), and what its label check measures on it
    /// ("its word").
    case choices([String], words: String)
    /// A value's fill and the rest of its track ("fill" and "track"); a knob is the knob.
    case value(fill: String, track: String)
}

extension RenderSpec.Component {
    /// The component's unit for the audit.
    var audit: any ComponentAudit {
        unit((any ComponentAudit).self, in: "ReliefAudit")
    }
}
