import ReliefSpec

extension RenderSpec {
    /// The render in words, for the titles and comments of the text formats: `colorful round button
    /// with a heart icon, pressed`.
    var summary: String {
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
        if let state = type(of: component.options).stateWords {
            text += ", " + (component.isActive ? state.active : state.resting)
        }
        return text
    }

    /// What a control is called: its label, else its icon's name, else its kind.
    var accessibleName: String {
        if let label = component.options.label { return label }
        guard let icon = component.face?.icon, icon != .none else { return component.kind.rawValue }
        return icon.rawValue
    }
}
