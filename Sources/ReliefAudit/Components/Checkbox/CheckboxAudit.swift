import ReliefSpec

/// A checkbox's check mark and label are measured against the box and the background beneath them.
extension RenderSpec.CheckboxOptions: ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { choiceWords }
}
