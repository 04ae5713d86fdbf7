import ReliefSpec

/// A text field: a picture of one, so a `<div>` in an HTML page; in SwiftUI a view of its own that a
/// tap focuses and unfocuses with the quarter-second ease.
extension RenderSpec.TextFieldOptions: ComponentOutput {
    func swiftUICode(_ scenes: SwiftUIScenes, writer: inout SwiftUICodeWriter) -> SwiftUIComponentCode {
        writer.tappableView(
            named: "ReliefTextField", flag: "isFocused", isActive: isFocused, scenes: scenes,
            animation: ".easeInOut(duration: 0.25)")
    }
}
