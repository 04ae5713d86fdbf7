extension RenderSpec {
    /// A slider (SPEC §13): a shallow well of a track, filled in the active colour up to a raised knob.
    public struct SliderOptions: ShowsValue, FlexibleWidth {
        /// `value`, snapped to the nearest of the `steps` + 1 stops when there are steps, so that two
        /// queries that draw the same slider name one image.
        public var value: Double
        /// `steps`: 0 for a continuous slider, else the number of intervals between tick marks.
        public var steps: Int
        public var givenFrom: Double?
        /// `width` and `height`.
        public var frame: Frame
    }
}

extension RenderSpec.SliderOptions {
    public static let kind = RenderSpec.ComponentKind.slider
    public static let layoutName = "Slider"
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [.widthAndHeight, .value, .from, .animation]
    public static let defaultFrame = RenderSpec.Frame(width: 240, height: 44, radius: 22)
    /// A shallow well and a knob's small shadows.
    public static let castsOnlySmallShadowsInSoft = true
    /// `value` when the query gives none.
    static let defaultValue = 0.5

    public init(resolved values: QueryValues) {
        let steps = values.resolved(RenderSpec.Parameter.steps)
        self.steps = steps
        value = Self.snapped(values.resolved(RenderSpec.Parameter.value), steps: steps)
        givenFrom = values[RenderSpec.Parameter.from].map { Self.snapped($0, steps: steps) }
        frame = RenderSpec.Frame(resolved: values)
    }

    public var component: RenderSpec.Component { .slider(self) }

    /// Its knob and a little travel: Apple's least target width.
    public var flexibleMinimumWidth: Double? { RenderSpec.leastTargetWidth }

    /// `value` at the nearest of `steps` + 1 stops from 0 to 1; as it is for a continuous slider.
    static func snapped(_ value: Double, steps: Int) -> Double {
        steps == 0 ? value : (value * Double(steps)).rounded() / Double(steps)
    }

    public func checkProportions() throws(SpecError) {
        try checkFrom()
        for (name, side) in [("width", frame.width), ("height", frame.height)] where side < Self.knobDiameter {
            throw SpecError(
                parameter: name,
                allowed: "at least \(Int(Self.knobDiameter)) points, the slider's knob",
                detail:
                    "a slider's \(name) must hold its \(Int(Self.knobDiameter))-point knob; got \"\(DecimalText.format(side))\"")
        }
    }

    /// The knob's diameter, in points (SPEC §13).
    public static let knobDiameter = 28.0
}

extension RenderSpec.Component {
    /// The payload of a slider; `nil` for the others.
    public var sliderOptions: RenderSpec.SliderOptions? {
        if case .slider(let options) = self { options } else { nil }
    }
}

extension RenderSpec.Limits {
    /// `steps`: a continuous slider (0), or up to 20 intervals.
    public static let steps: ClosedRange<Int> = 0...20
}

extension RenderSpec.Parameter {
    static let steps = TypedParameter<Int>(
        "steps", .wholeNumber(in: RenderSpec.Limits.steps), spec: { $0.component.sliderOptions?.steps },
        applies: .component(.slider),
        default: 0,
        description: "A slider's intervals: 0 for a continuous one; n draws n + 1 tick marks and snaps the value to the "
            + "nearest of them.",
        presentation: .init("Steps", .subject))
}
