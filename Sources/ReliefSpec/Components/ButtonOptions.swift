extension RenderSpec {
    /// A button: its face, at rest or pressed.
    public struct ButtonOptions: Sendable, Hashable {
        /// `pressed`.
        public var isPressed: Bool
        public var face: Face
    }
}

extension RenderSpec.ButtonOptions {
    init(resolved values: QueryValues) {
        isPressed = values.resolved(RenderSpec.Parameter.pressed)
        face = RenderSpec.Face(resolved: values)
    }
}
