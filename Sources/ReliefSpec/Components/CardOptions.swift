extension RenderSpec {
    /// A raised card.
    public struct CardOptions: Sendable, Hashable {
        /// `width`, `height` and `radius`.
        public var frame: Frame
        /// How its face is shaded: `surface`.
        public var surface: Surface
    }
}

extension RenderSpec.CardOptions {
    init(resolved values: QueryValues) {
        frame = RenderSpec.Frame(resolved: values)
        surface = values.resolved(RenderSpec.Parameter.surface)
    }
}
