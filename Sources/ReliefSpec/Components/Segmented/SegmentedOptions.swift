extension RenderSpec {
    /// A segmented control (SPEC §13): a capsule well of equal segments, the chosen one raised.
    public struct SegmentedOptions: FlexibleWidth, ChoosesOne {
        /// The segments' words, leading first, exactly as given: `segments`.
        public var segments: [String]
        /// `selected` and `from`.
        public var selection: Selection
        /// `width`, `height` and `radius`.
        public var frame: Frame
    }
}

extension RenderSpec.SegmentedOptions {
    public static let kind = RenderSpec.ComponentKind.segmented
    public static let layoutName = "Picker"
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [
        .frame, .selected, .from, .words, .textSize, .animation,
    ]
    public static let defaultFrame = RenderSpec.Frame(width: 280, height: 44, radius: 22)
    /// Its parts under 40 points are small raised, with a knob's shadows.
    public static let castsOnlySmallShadowsInSoft = true

    public init(resolved values: QueryValues) {
        segments = values.resolved(RenderSpec.Parameter.segments)
        selection = RenderSpec.Selection(resolved: values)
        frame = RenderSpec.Frame(resolved: values)
    }

    public var component: RenderSpec.Component { .segmented(self) }

    /// A least target's width for each segment (a scene grows it to hold the widest word).
    public var flexibleMinimumWidth: Double? { Double(segments.count) * RenderSpec.leastTargetWidth }

    public var growingParameter: (name: String, words: String)? { ("segments", "the segments' words grow") }

    public func checkProportions() throws(SpecError) {
        try selection.check(count: segments.count, of: "segment", in: "segments")
    }
}

extension RenderSpec.Component {
    /// The payload of a segmented control; `nil` for the others.
    public var segmentedOptions: RenderSpec.SegmentedOptions? {
        if case .segmented(let options) = self { options } else { nil }
    }
}

extension RenderSpec.Parameter {
    static let segments = TypedParameter<[String]>(
        "segments",
        .list(of: .words(maxCharacters: RenderSpec.Limits.maxChoiceCharacters), count: RenderSpec.Limits.choices),
        spec: { $0.component.segmentedOptions?.segments },
        applies: .component(.segmented),
        default: ["Day", "Week", "Month"],
        description: "A segmented control's words, comma-separated, leading first, in any script; each segment "
            + "takes an equal share of the width, which grows to hold the widest word.",
        presentation: .init("Segments", .content))
}
