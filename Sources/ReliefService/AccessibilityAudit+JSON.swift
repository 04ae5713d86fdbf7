import ReliefAudit
import ReliefRender
import ReliefSpec

extension AccessibilityAudit {
    /// `{"query": …, "note": …, "checks": […], "pass": …}`, the note only where there is one: what
    /// `/audit` answers, and its schema in `/openapi.json`.
    static let jsonShape = JSONShape<AccessibilityAudit>.object(
        description: "The audit of a component: the /render parameters.",
        [
            .always("query", .string(description: "The canonical query."), \.query),
            .whereGiven(
                "note",
                .string(description: "What was audited, where it is not simply the image: the state an animation ends on."),
                \.note),
            .always("checks", .array(of: Check.jsonShape, description: "The checks that apply to the component."), \.checks),
            .always("pass", .boolean(description: "Every check passes AA."), \.pass),
        ])

    var json: JSONValue {
        Self.jsonShape.json(self)
    }
}

extension AccessibilityAudit.Check {
    /// A check with its AA threshold beside what it measured, and the AAA one as `enhanced`.
    static let jsonShape = JSONShape<Self>.object(jsonProperties)

    /// The members of a check, which a screen's check writes beside those naming its element.
    static let jsonProperties: [JSONProperty<Self>] = [
        .always("id", .cases(title: { $0.title }), \.id),
        .whereGiven(
            "part",
            .string(
                description: "The part of the control this check measured on its own (\"segment 2, “Week”\", \"tab 3, "
                    + "the person icon\", \"knob\", \"fill\", \"done part\"); absent for the control as a whole."),
            \.part),
        .whereGiven(
            "appearance",
            .string(
                description: "The picture of a scheme=auto query this check measured; absent for scheme=fixed.",
                allowed: ["light", "dark", "light-high", "dark-high"]),
            \.appearance),
        .whereGiven(
            "ratio", .number(description: "The contrast measured, 1 to 21.", minimum: 1, maximum: 21),
            { $0.ratio.map(AccessibilityAudit.hundredths) }),
        .whereGiven("size", frameShape, \.size),
        .always("required", .number(description: "The AA threshold."), \.aa.required),
        .always("level", .cases(), \.aa.level),
        .always("criterion", .string(description: "The WCAG 2.2 success criterion."), \.aa.criterion),
        .always("pass", .boolean(description: "Whether the AA threshold is met."), \.pass),
        .whereGiven("enhanced", AccessibilityAudit.Threshold.jsonShape, \.aaa),
        .always("detail", .string(description: "What was measured, in words."), \.detail),
        .whereGiven(
            "suggestion", .string(description: "A parameter change that would do better, when there is one."),
            { $0.suggestion?.text }),
        .whereGiven(
            "fix",
            .array(
                of: AccessibilityAudit.Suggestion.Setting.jsonShape,
                description: "The suggestion as query parameters, present with it: give each value "
                    + "(replacing the query's own) to get the suggested render."),
            { $0.suggestion?.fix }),
    ]

    /// The frame of `target-size` and `target-spacing`, in points.
    private static let frameShape = JSONShape<(width: Double, height: Double)>.object(
        description: "target-size and target-spacing: the frame in points.",
        [
            .always("width", .number(), { $0.width }),
            .always("height", .number(), { $0.height }),
        ])
}

extension AccessibilityAudit.Threshold {
    /// A threshold, as `enhanced` gives the AAA one.
    static let jsonShape = JSONShape<Self>.object(
        description: "The AAA threshold, where WCAG has one.",
        [
            .always("required", .number(), \.required),
            .always("level", .cases(), \.level),
            .always("criterion", .string(description: "The WCAG 2.2 success criterion."), \.criterion),
            .always("pass", .boolean(), \.pass),
        ])
}

extension AccessibilityAudit.Suggestion.Setting {
    /// `{"parameter": "contrast", "value": "high"}`.
    static let jsonShape = JSONShape<Self>.object([
        .always(
            "parameter", .string(description: "The /render parameter to give.", allowed: RenderSpec.parameters.map(\.name)),
            \.parameter),
        .always("value", .string(description: "As a query spells it, e.g. high or 44."), \.value),
    ])
}
