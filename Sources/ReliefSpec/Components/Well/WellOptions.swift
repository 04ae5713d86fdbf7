extension RenderSpec {
    /// A concave well sunk into the background.
    public struct WellOptions: HoldsContent {
        /// `width`, `height` and `radius`.
        public var frame: Frame
        /// How far it sinks: `depth`.
        public var depth: Depth
    }
}

extension RenderSpec.WellOptions {
    public static let kind = RenderSpec.ComponentKind.well
    public static let layoutName = "Well"
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [.frame]
    public static let defaultFrame = RenderSpec.Frame(width: 170, height: 60, radius: 30)
    /// Concave, it casts no outer shadow.
    public static let castsOnlySmallShadowsInSoft = true

    public init(resolved values: QueryValues) {
        frame = RenderSpec.Frame(resolved: values)
        depth = values.resolved(RenderSpec.Parameter.depth)
    }

    public var component: RenderSpec.Component { .well(self) }
}

extension RenderSpec.Component {
    /// The payload of a well; `nil` for the others.
    public var wellOptions: RenderSpec.WellOptions? {
        if case .well(let options) = self { options } else { nil }
    }
}

extension RenderSpec.Parameter {
    static let depth = TypedParameter<RenderSpec.Depth>(
        "depth", .choice, spec: { $0.component.wellOptions?.depth },
        applies: .component(.well),
        default: RenderSpec.Depth.deep,
        description: "How far a well sinks.",
        presentation: .init("Depth", .frame))
}
