import ReliefSpec

extension AccessibilityAudit {
    /// A change to the audited query that does better on a check: a sentence for people, and the
    /// same change as parameter values for programs, which apply ``fix`` without reading ``text``.
    public struct Suggestion: Sendable, Hashable {
        /// One query parameter and the value to give it, spelt as a query spells it.
        public struct Setting: Sendable, Hashable {
            public var parameter: String
            public var value: String

            public init(parameter: String, value: String) {
                self.parameter = parameter
                self.value = value
            }
        }

        /// What the change does, e.g. "contrast=high raises the label to 8.44:1, which passes AAA."
        public var text: String
        /// The parameters to set, in canonical order: the audited query with these values (replacing
        /// any it gives) is the suggested one.
        public var fix: [Setting]
    }

    /// "contrast=high raises the label to 8.44:1", when the check falls short and the high-contrast
    /// variant measures better.
    static func contrastSuggestion(from check: Check, to alternative: Check?) -> Suggestion? {
        guard let ratio = check.ratio, let better = alternative?.ratio, better > ratio,
            !check.pass || check.aaa?.pass == false
        else { return nil }
        let reaches = (alternative?.aaa?.pass ?? false) ? "AAA" : (alternative?.pass ?? false) ? "AA" : nil
        let outcome = reaches.map { ", which passes \($0)" } ?? ", still short of \(number(check.aa.required)):1"
        let high = Suggestion.Setting(parameter: "contrast", value: RenderSpec.Contrast.high.rawValue)
        return Suggestion(
            text: "\(high.parameter)=\(high.value) raises \(check.subject) to \(number(better)):1\(outcome).",
            fix: [high])
    }

    /// The frame parameters that make a `width` × `height` target (points, as drawn) reach
    /// ``enhancedTargetSide`` on both sides: `size` for a circle; otherwise `width` and `height`,
    /// whichever is short, with a switch's track kept wide enough for its knob.
    static func targetSuggestion(_ spec: RenderSpec, width: Double, height: Double) -> Suggestion {
        let side = enhancedTargetSide, target = "the target \(number(side))×\(number(side)) points"
        func setting(_ parameter: String, _ value: Double) -> Suggestion.Setting {
            Suggestion.Setting(parameter: parameter, value: DecimalText.format(value))
        }
        guard spec.component.face != nil || spec.component.kind.uses(.frame) else {
            // A checkbox or radio button keeps its drawn size: the room around it is the layout's.
            return Suggestion(
                text: "A \(spec.component.kind.rawValue) keeps its drawn size; give it \(target) of tap area where it "
                    + "is laid out.",
                fix: [])
        }
        if spec.component.face?.shape == .circle {
            return Suggestion(text: "size=\(number(side)) or more makes \(target).", fix: [setting("size", side)])
        }
        let newHeight = max(spec.component.frame.height, side)
        let leastWidth = spec.component.audit.leastWidth(height: newHeight, targetSide: side)
        var fix: [Suggestion.Setting] = []
        if width < leastWidth { fix.append(setting("width", leastWidth)) }
        if height < side { fix.append(setting("height", newHeight)) }
        return Suggestion(text: "width and height of \(number(side)) or more make \(target).", fix: fix)
    }
}
