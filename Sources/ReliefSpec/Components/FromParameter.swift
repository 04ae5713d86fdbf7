extension RenderSpec {
    /// A component whose animation starts from a value of its own, which `from` gives.
    public protocol StartsFromGivenValue {
        /// `from` as the query gave it with `animate=true`; `nil` for the component's own default.
        var givenFrom: Double? { get }
    }

    /// `from` names where an animation starts; a component without values to start from refuses it
    /// rather than ignoring it.
    func checkFrom(given: QueryValues) throws(SpecError) {
        guard given[Parameter.from] != nil, !component.kind.uses(.from) else { return }
        let components = ComponentKind.allCases.filter { $0.uses(.from) }.map(\.rawValue).joined(separator: ", ")
        throw SpecError(
            parameter: "from",
            allowed: "a start of the animation for a component with values (\(components))",
            detail: "from names where the animation of a value starts, and a \(component.kind.rawValue) has no values; "
                + "use one of \(components) or leave from out")
    }
}

extension RenderSpec.Limits {
    /// `from`: a value of 0 to 1 or a segment or tab of 1 to 5; each component narrows it to its own.
    public static let from: ClosedRange<Double> = 0...5
}

extension RenderSpec.Parameter {
    static let from = TypedParameter<Double>(
        "from", .number(in: RenderSpec.Limits.from),
        spec: { ($0.component.options as? any RenderSpec.StartsFromGivenValue)?.givenFrom },
        applies: .all([.component(using: .from), .value(of: "animate", in: ["true"])]),
        default: nil,
        description: "Where the animation starts: a value from 0 to 1 for slider and progress, a segment or tab "
            + "(1 to the count) for segmented and tabbar.",
        presentation: .init("From", .motion))
}
