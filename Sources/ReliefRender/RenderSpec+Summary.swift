import ReliefSpec

extension RenderSpec {
    /// The render in words, for the titles and comments of the text formats: `colorful round button
    /// with a heart icon, pressed`.
    var summary: String {
        var words = [style.rawValue]
        if contrast == .high { words.append("high-contrast") }
        if component.showsIcon { words.append(shape == .circle ? "round" : shape.rawValue) }
        if component == .well { words.append(depth.rawValue) }
        words.append(component.rawValue)
        var text = words.joined(separator: " ")
        if let label {
            text += " labelled “\(label)”" + (icon == .none ? "" : " with a \(icon.rawValue) icon")
        } else if icon != .none {
            text += " with a \(icon.rawValue) icon"
        }
        if component == .button { text += isActive ? ", pressed" : ", at rest" }
        if component.hasOnState { text += isActive ? ", on" : ", off" }
        return text
    }

    /// What a control is called: its label, else its icon's name, else its kind.
    var accessibleName: String {
        label ?? (icon == .none ? component.rawValue : icon.rawValue)
    }
}
