import ReliefSpec

/// A tab bar's icons and captions are its own, held to the text thresholds; each tab is its own
/// target, named by its caption or else its icon, its icon and caption measured on its own surface
/// (the chosen one pressed in, the others the bar).
extension RenderSpec.TabbarOptions: ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? { (labels == nil ? "The tabs' icons" : "The tabs' icons and labels", false) }

    var partNames: PartNames? {
        let names = tabs.indices.map { index in
            "tab \(index + 1), " + (labels.map { "“\($0[index])”" } ?? "the \(tabs[index].rawValue) icon")
        }
        return .choices(names, words: labels == nil ? "its icon" : "its icon and label")
    }

    /// Every tab's share of the width reaches the target side.
    func leastWidth(height: Double, targetSide: Double) -> Double {
        Double(tabs.count) * targetSide
    }
}
