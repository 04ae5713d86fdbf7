import ReliefSpec

/// A radio button's dot and label are measured against the circle and the background beneath them.
extension RenderSpec.RadioOptions: ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { choiceWords }
}
