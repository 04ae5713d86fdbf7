import ReliefSpec

/// A switch: a `<button role="switch">`, and in SwiftUI seed 004's `CustomToggle`, its knob between
/// `Spacer`s.
extension RenderSpec.SwitchOptions: ComponentOutput {
    var htmlElement: HTMLElement { .button(attributes: ["role=\"switch\" aria-checked=\"\(isOn)\""]) }

    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode {
        writer.tappableView(
            named: "CustomToggle", flag: "isToggled", isActive: isOn, scenes: scenes, animation: ".spring(response: 0.5)")
    }
}
