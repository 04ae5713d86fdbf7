import ReliefSpec

/// A radio button: a `<button role="radio">`, and in SwiftUI a view of its own that a tap chooses
/// with the quarter-second ease.
extension RenderSpec.RadioOptions: ComponentOutput {
    var htmlElement: HTMLElement { .button(attributes: ["role=\"radio\" aria-checked=\"\(isOn)\""]) }

    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode {
        writer.tappableView(
            named: "ReliefRadio", flag: "isOn", isActive: isOn, scenes: scenes, animation: ".easeInOut(duration: 0.25)")
    }
}
