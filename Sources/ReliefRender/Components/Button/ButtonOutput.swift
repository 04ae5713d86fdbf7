import ReliefSpec

/// A button: a `<button>`, and in SwiftUI a `Button` with the articles' `ButtonStyle`.
extension RenderSpec.ButtonOptions: ComponentOutput {
    var summaryWords: [String] { [face.summaryWord] }
    var htmlElement: HTMLElement { .button(attributes: []) }

    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode {
        let face = writer.face(scenes)
        let style = writer.typeName("ReliefButtonStyle"), background = writer.typeName("ReliefBackground")
        let styleType = [
            "struct \(style): ButtonStyle {",
            "    func makeBody(configuration: Self.Configuration) -> some View {",
            "        configuration.label",
            "            \(scenes.frame)",
            "            .contentShape(\(face.shape))",
            "            .background(\(background)(isHighlighted: configuration.isPressed, shape: \(face.shape)))",
            "            .animation(nil, value: configuration.isPressed)",
            "    }",
            "}",
        ]
        return SwiftUIComponentCode(
            structs: [face.background, styleType],
            use: ["Button(action: {}) {"] + indent(face.label) + ["}", ".buttonStyle(\(style)())"])
    }
}
