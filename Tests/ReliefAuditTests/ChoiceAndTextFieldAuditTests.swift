import ReliefAudit
import ReliefSpec
import Testing

/// The audit of a checkbox, radio button and text field names their parts (SPEC §13, docs/CONTROLS.md).
@Suite("Checkbox, radio and text field audit")
struct ChoiceAndTextFieldAuditTests {
    @Test(arguments: [
        ("component=checkbox&on=true", "The check mark has"),
        ("component=checkbox&on=true&label=Subscribe", "The label with its check mark has"),
        ("component=radio&on=true&style=soft", "The dot has"),
        ("component=radio&label=Weekly", "The label has"),
        ("component=textfield&text=Hello", "The text against its well has"),
        ("component=textfield", "The placeholder against its well has"),
    ])
    func theLabelCheckNamesThePartItMeasures(query: String, detail: String) throws {
        let label = try #require(try audit(query).check(.labelContrast))
        #expect(label.detail.hasPrefix(detail), "\(label.detail)")
        #expect(try #require(label.ratio) > 1)
    }

    /// An unchecked box without a label draws nothing to read; its edge, state and target are measured.
    @Test func anUncheckedBoxWithoutALabelHasNoLabelCheck() throws {
        let measured = try audit("component=checkbox")
        #expect(measured.checks.map(\.id) == [.controlContrast, .stateContrast, .targetSize])
        let target = try #require(measured.check(.targetSize))
        #expect(target.aa.pass && !(target.aaa?.pass ?? true))
        // The box keeps its size: the fix names no parameter it does not take.
        #expect(target.suggestion?.fix == [] && target.suggestion?.text.contains("tap area") == true)
    }

    /// The placeholder has 60 % of the text's contrast, so it measures lower against the same well.
    @Test func thePlaceholderMeasuresBelowTheText() throws {
        let text = try #require(try audit("component=textfield&text=Placeholder").check(.labelContrast)?.ratio)
        let placeholder = try #require(try audit("component=textfield").check(.labelContrast)?.ratio)
        #expect(placeholder < text)
    }

    @Test func focusChangesTheFieldAsAStateDoes() throws {
        let state = try #require(try audit("component=textfield&style=soft&focused=true").check(.stateContrast))
        #expect(state.detail.hasPrefix("Focused and unfocused differ by"))
    }
}
