import Testing

@testable import ReliefSpec

/// The checkbox, radio button and text field of SPEC §13: their defaults, their own parameters and
/// the refusals of values they cannot draw.
@Suite("Checkbox, radio and text field parameters")
struct ChoiceAndTextFieldParameterTests {
    @Test(arguments: [("checkbox", 6.0), ("radio", 14.0)])
    func aChoiceIsA28PointMarkOffWithoutALabel(kind: String, radius: Double) throws {
        let spec = try RenderSpec.parse(query: "component=\(kind)")
        #expect(spec.component.frame == RenderSpec.Frame(width: 28, height: 28, radius: radius))
        #expect(!spec.component.isActive && spec.component.options.label == nil)
        #expect(spec.otherState.component.isActive)
    }

    @Test(arguments: ["checkbox", "radio"])
    func onAndLabelAreItsOwnAndAFacesParametersAreNot(kind: String) throws {
        let spec = try RenderSpec.parse(query: "component=\(kind)&on=true&label=Weekly&textsize=xl&font=serif&shape=capsule")
        #expect(spec.component.isActive && spec.component.options.label == "Weekly")
        #expect(spec.look.textSize == .xl && spec.look.font == .serif)
        #expect(spec.component.face == nil && spec.component.frame.width == 28)
        #expect(spec.canonicalQuery.contains("label=Weekly") && !spec.canonicalQuery.contains("shape="))
    }

    @Test func withoutALabelTheTextSizeDoesNotApply() throws {
        let spec = try RenderSpec.parse(query: "component=checkbox&textsize=ax5")
        #expect(spec.look.textSize == nil)
    }

    @Test func aTextFieldDefaultsToAnUnfocusedPlaceholder() throws {
        let spec = try RenderSpec.parse(query: "component=textfield")
        let field = try #require(spec.component.textFieldOptions)
        #expect(field.frame == RenderSpec.Frame(width: 240, height: 48, radius: 12))
        #expect(field.text == nil && field.placeholder == "Placeholder" && !field.isFocused)
        #expect(spec.otherState.component.textFieldOptions?.isFocused == true)
        #expect(type(of: spec.component.options).stateWords! == ("focused", "unfocused"))
    }

    @Test func aTextFieldReadsItsTextPlaceholderFocusFrameAndTextSize() throws {
        let spec = try RenderSpec.parse(
            query: "component=textfield&text=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7&focused=true&width=300&height=60&textsize=xxl")
        let field = try #require(spec.component.textFieldOptions)
        #expect(field.text == "مرحبا" && field.isFocused && field.frame.width == 300 && field.frame.height == 60)
        #expect(spec.look.textSize == .xxl)
        let placeholder = try RenderSpec.parse(query: "component=textfield&placeholder=Search")
        #expect(placeholder.component.textFieldOptions?.placeholder == "Search")
    }

    /// The placeholder shows only in an empty field, so beside text it does not apply.
    @Test func thePlaceholderDoesNotApplyBesideText() throws {
        let spec = try RenderSpec.parse(query: "component=textfield&text=Hi&placeholder=Search")
        #expect(!spec.canonicalQuery.contains("placeholder="))
    }

    @Test(arguments: [
        ("component=textfield&text=" + String(repeating: "a", count: 65), "text"),
        ("component=textfield&placeholder=", "placeholder"),
        ("component=textfield&focused=maybe", "focused"),
        ("component=checkbox&on=2", "on"),
        ("component=radio&label=" + String(repeating: "%F0%9F%98%80", count: 65), "label"),
        ("component=checkbox&animate=true&format=svg", "animate"),
    ])
    func badValuesAreRefusedNamingTheParameter(query: String, parameter: String) throws {
        let error = try #require(specError(query))
        #expect(error.parameter == parameter)
        #expect(!error.allowed.isEmpty && error.detail.contains(parameter))
    }

    @Test(arguments: ["checkbox", "radio", "textfield"])
    func eachAnimatesItsChangeOfState(kind: String) throws {
        let spec = try RenderSpec.parse(query: "component=\(kind)&animate=true")
        #expect(spec.output.animation != nil && spec.component.kind.changesState)
    }
}
