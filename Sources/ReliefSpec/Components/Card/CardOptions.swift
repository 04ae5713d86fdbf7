extension RenderSpec {
    /// A raised card.
    public struct CardOptions: HoldsContent {
        /// `width`, `height` and `radius`.
        public var frame: Frame
        /// How its face is shaded: `surface`.
        public var surface: Surface
    }
}

extension RenderSpec.CardOptions {
    public static let kind = RenderSpec.ComponentKind.card
    public static let layoutName = "Card"
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [.frame, .surface]
    public static let defaultFrame = RenderSpec.Frame(width: 300, height: 300, radius: 25)

    public init(resolved values: QueryValues) {
        frame = RenderSpec.Frame(resolved: values)
        surface = values.resolved(RenderSpec.Parameter.surface)
    }

    public var component: RenderSpec.Component { .card(self) }
}
