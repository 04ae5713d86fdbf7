import ReliefSpec

/// A switch: a `<button role="switch">`, and in SwiftUI seed 004's `CustomToggle`, its knob between
/// `Spacer`s.
extension RenderSpec.SwitchOptions: ComponentOutput {
    var controlAttributes: [String]? { ["role=\"switch\" aria-checked=\"\(isOn)\""] }

    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode {
        var body = writer.matching(scenes.active.content, scenes.resting.content, flag: "isToggled")
        body.modifiers += [
            [scenes.frame], [".animation(.spring(response: 0.5), value: isToggled)"],
            [".onTapGesture {", "    isToggled.toggle()", "}"],
        ]
        return SwiftUIComponentCode(
            structs: [
                ["struct CustomToggle: View {", "    @State var isToggled = \(isOn)", "", "    var body: some View {"]
                    + indent(indent(body.lines)) + ["    }", "}"]
            ],
            use: ["CustomToggle()"])
    }
}
