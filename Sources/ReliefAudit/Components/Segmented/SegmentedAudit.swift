import ReliefSpec

/// A segmented control's words are its own, body text at `textsize`.
extension RenderSpec.SegmentedOptions: ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { ("The segments' words", false) }
}
