import ReliefSpec

extension RenderSpec.ChoiceOptions {
    /// The label check measures the mark (when on) and the label together (the label with its mark), held to the text thresholds
    /// as icons are; an unchecked mark without a label draws nothing to measure.
    var choiceWords: (name: String, isLargeText: Bool)? {
        switch (isOn, label) {
        case (true, nil): ("The \(Self.markName)", false)
        case (true, _?): ("The label with its \(Self.markName)", false)
        case (false, _?): ("The label", false)
        case (false, nil): nil
        }
    }

    /// What the mark is called in the audit.
    static var markName: String { kind == .checkbox ? "check mark" : "dot" }
}
