import ReliefSpec

/// A checkbox: a `<button role="checkbox">`, and in SwiftUI a view of its own that a tap checks and
/// unchecks with the quarter-second ease.
extension RenderSpec.CheckboxOptions: ComponentOutput {
    var htmlElement: HTMLElement { .button(attributes: ["role=\"checkbox\" aria-checked=\"\(isOn)\""]) }

    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode {
        writer.tappableView(
            named: "ReliefCheckbox", flag: "isOn", isActive: isOn, scenes: scenes, animation: ".easeInOut(duration: 0.25)")
    }
}
