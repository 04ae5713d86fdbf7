import ReliefSpec

extension RenderSpec {
    /// The render in words, for the titles and comments of the text formats: `colorful round button
    /// with a heart icon, pressed`.
    var summary: String {
        if let value = component.output.shownValue { return subject + " at " + Self.percent(value) }
        let state = type(of: component.options).stateWords.map { ", " + stateWord(in: $0, active: component.isActive) }
        return subject + (state ?? "")
    }

    /// A sentence saying what the image shows, for its alt text: the summary after an article,
    /// an animation as the change from one state to the other, and the vision it is seen with:
    /// `A colorful switch, changing from off to on, as seen with low vision`.
    public var altText: String {
        var text = subject
        if let value = component.output.shownValue {
            let start = otherState.component.output.shownValue ?? value
            text +=
                output.animation == nil
                ? " at " + Self.percent(value) : ", changing from \(Self.percent(start)) to \(Self.percent(value))"
        } else if let words = type(of: component.options).stateWords {
            let now = stateWord(in: words, active: component.isActive)
            text +=
                output.animation == nil
                ? ", " + now : ", changing from \(stateWord(in: words, active: !component.isActive)) to " + now
        }
        if output.simulation != .none { text += ", as seen with " + output.simulation.words }
        let startsWithVowel = text.first.map { "aeiou".contains($0.lowercased()) } ?? false
        return (startsWithVowel ? "An " : "A ") + text
    }

    /// The look, the component and its face in words, without its state: `colorful round button
    /// with a heart icon`.
    private var subject: String {
        var words = [look.style.rawValue]
        if look.contrast == .high { words.append("high-contrast") }
        words += component.output.summaryWords
        words.append(component.kind.rawValue)
        var text = words.joined(separator: " ")
        if let face = component.face {
            if let label = face.label {
                text += " labelled “\(label)”" + (face.icon == .none ? "" : " with a \(face.icon.rawValue) icon")
            } else if face.icon != .none {
                text += " with a \(face.icon.rawValue) icon"
            }
        } else if let label = component.options.label {
            text += " labelled “\(label)”"
        }
        return text
    }

    /// A value from 0 to 1 as a whole percentage: `50 %`.
    static func percent(_ value: Double) -> String {
        "\(Int((value * 100).rounded())) %"
    }

    private func stateWord(in words: (active: String, resting: String), active: Bool) -> String {
        active ? words.active : words.resting
    }

    /// What a control is called: its label, else its icon's name, else its kind.
    var accessibleName: String {
        if let label = component.options.label { return label }
        guard let icon = component.face?.icon, icon != .none else { return component.kind.rawValue }
        return icon.rawValue
    }
}
