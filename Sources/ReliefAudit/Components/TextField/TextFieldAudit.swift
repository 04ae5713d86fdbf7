import ReliefSpec

/// A text field's text (or placeholder) and caret are measured against its well.
extension RenderSpec.TextFieldOptions: ComponentAudit {
    var ownWords: (name: String, isLargeText: Bool)? {
        (text == nil ? "The placeholder against its well" : "The text against its well", false)
    }
}
