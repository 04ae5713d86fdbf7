import ReliefSpec

/// A switch's ON and OFF are bold 17-point words, large text; its track must hold its knob.
extension RenderSpec.SwitchOptions: ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { ("The ON/OFF label", true) }

    /// A switch is refused unless its track holds the knob: height + knob ≤ width.
    func leastWidth(height: Double, targetSide: Double) -> Double {
        max(targetSide, (height + knob).rounded(.up))
    }
}
