extension RenderSpec {
    /// A concave well sunk into the background.
    public struct WellOptions: Sendable, Hashable {
        /// `width`, `height` and `radius`.
        public var frame: Frame
        /// How far it sinks: `depth`.
        public var depth: Depth
    }
}

extension RenderSpec.WellOptions {
    init(resolved values: QueryValues) {
        frame = RenderSpec.Frame(resolved: values)
        depth = values.resolved(RenderSpec.Parameter.depth)
    }
}
