import ReliefSpec

/// A toggle: a `<button>` with `aria-pressed`, and in SwiftUI a `Toggle` with a `ToggleStyle` on the
/// articles' background view.
extension RenderSpec.ToggleOptions: ComponentOutput {
    var summaryWords: [String] { [face.summaryWord] }
    var htmlElement: HTMLElement { .button(attributes: ["aria-pressed=\"\(isOn)\""]) }

    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode {
        let face = writer.face(scenes)
        let style = writer.typeName("ReliefToggleStyle"), background = writer.typeName("ReliefBackground")
        let flag = writer.stateName("isOn")
        let styleType = [
            "struct \(style): ToggleStyle {",
            "    func makeBody(configuration: Self.Configuration) -> some View {",
            "        Button(action: {",
            "            configuration.isOn.toggle()",
            "        }) {",
            "            configuration.label",
            "                \(scenes.frame)",
            "                .contentShape(\(face.shape))",
            "        }",
            "        .buttonStyle(.plain)",
            "        .background(\(background)(isHighlighted: configuration.isOn, shape: \(face.shape)))",
            "    }",
            "}",
        ]
        return SwiftUIComponentCode(
            structs: [face.background, styleType], state: ["@State private var \(flag) = \(isOn)", ""],
            use: ["Toggle(isOn: $\(flag)) {"] + indent(face.label) + ["}", ".toggleStyle(\(style)())"])
    }
}
