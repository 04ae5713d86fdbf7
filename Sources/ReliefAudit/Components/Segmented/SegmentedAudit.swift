import ReliefSpec

/// A segmented control's words are its own, body text at `textsize`; each segment is its own target,
/// its word measured on its own surface (the chosen one raised, the others the well).
extension RenderSpec.SegmentedOptions: ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { ("The segments' words", false) }

    var partNames: PartNames? {
        .choices(segments.enumerated().map { "segment \($0.offset + 1), “\($0.element)”" }, words: "its word")
    }

    /// Every segment's share of the width reaches the target side.
    func leastWidth(height: Double, targetSide: Double) -> Double {
        Double(segments.count) * targetSide
    }
}
