extension RenderSpec {
    /// A toggle: a button's face that stays pressed in while on.
    public struct ToggleOptions: Sendable, Hashable {
        /// `on`.
        public var isOn: Bool
        public var face: Face
    }
}

extension RenderSpec.ToggleOptions {
    init(resolved values: QueryValues) {
        isOn = values.resolved(RenderSpec.Parameter.on)
        face = RenderSpec.Face(resolved: values)
    }
}
