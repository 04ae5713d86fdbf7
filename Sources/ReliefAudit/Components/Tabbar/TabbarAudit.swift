import ReliefSpec

/// A tab bar's icons and captions are its own, held to the text thresholds.
extension RenderSpec.TabbarOptions: ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { (labels == nil ? "The tabs' icons" : "The tabs' icons and labels", false) }
}
