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
}

extension ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { nil }
    func leastWidth(height: Double, targetSide: Double) -> Double { targetSide }
}

extension RenderSpec.Component {
    /// The component's unit for the audit.
    var audit: any ComponentAudit {
        guard let unit = options as? any ComponentAudit else {
            preconditionFailure("\(kind.rawValue) has no ComponentAudit conformance in ReliefAudit/Components")
        }
        return unit
    }
}
