extension RenderSpec {
    /// A component that shows a value from 0 to 1 (`value`): a slider or a progress indicator. Its
    /// animation moves the value from `from` (0 by default) to `value`.
    public protocol ShowsValue: ComponentOptions, StartsFromGivenValue {
        /// `value`, from 0 to 1.
        var value: Double { get set }
        /// `from` as given with `animate=true`; `nil` for 0.
        var givenFrom: Double? { get set }
    }
}

extension RenderSpec.ShowsValue {
    /// Where the animation starts: `from`, else 0.
    public var animationStart: Double { givenFrom ?? 0 }

    /// The value the animation starts from, starting from this one's value.
    public var inOtherState: Self {
        var other = self
        other.value = animationStart
        other.givenFrom = value
        return other
    }

    /// A value's `from` is a value too.
    func checkFrom() throws(SpecError) {
        guard let givenFrom, !RenderSpec.Limits.value.contains(givenFrom) else { return }
        throw SpecError(
            parameter: "from",
            allowed: "a number from 0 to 1, the value the \(Self.kind.rawValue)'s animation starts from",
            detail: "from must be a value from 0 to 1 for a \(Self.kind.rawValue); got \"\(DecimalText.format(givenFrom))\"")
    }
}

extension RenderSpec.Component {
    /// The payload of a slider or progress indicator; `nil` for the others.
    public var valueOptions: (any RenderSpec.ShowsValue)? {
        options as? any RenderSpec.ShowsValue
    }
}

extension RenderSpec.Limits {
    /// `value`: from empty to full.
    public static let value: ClosedRange<Double> = 0...1
}

extension RenderSpec.Parameter {
    static let value = TypedParameter<Double>(
        "value", .number(in: RenderSpec.Limits.value), spec: { $0.component.valueOptions?.value },
        applies: .component(using: .value),
        default: RenderSpec.SliderOptions.defaultValue,
        except: [(.value(of: "component", in: ["progress"]), RenderSpec.ProgressOptions.defaultValue)],
        description: "How far a slider's knob or a progress indicator's done part stands, from 0 (the leading end) to 1.",
        presentation: .init("Value", .subject))
}
