import ReliefAudit
import ReliefRender

extension ScreenAudit {
    /// `{"query": …, "note": …, "checks": […], "pass": …}`, each check a component audit's check
    /// with its element's name, line and column before it: what `/audit?source=…` answers, and its
    /// schema in `/openapi.json`, beside the component audit's.
    static let jsonShape = JSONShape<ScreenAudit>.object(
        description: "The audit of a screen: source and the settings a screen takes.",
        [
            .always(
                "query", .string(description: "The canonical query: source holds the layout in its canonical spelling."),
                \.query),
            .whereGiven(
                "note",
                .string(
                    description: "What was audited otherwise than as drawn: the state an animation ends on; low vision "
                        + "measured on the controls alone."),
                \.note),
            .always(
                "checks",
                .array(
                    of: Check.jsonShape,
                    description: "Each element's checks, in the order of the layout; line and column are those of the "
                        + "source as sent."),
                \.checks),
            .always("pass", .boolean(description: "Every check passes AA."), \.pass),
        ])

    var json: JSONValue {
        Self.jsonShape.json(self)
    }
}

extension ScreenAudit.Element {
    /// `"element": "Button", "line": 4, "column": 9`.
    static let jsonProperties: [JSONProperty<Self>] = [
        .always("element", .string(description: "The element as the layout names it: Button, Text, Picker."), \.name),
        .always("line", .integer(description: "Where it starts in the layout, from 1.", minimum: 1), \.location.line),
        .always(
            "column", .integer(description: "Where it starts on its line, in Unicode scalars from 1.", minimum: 1),
            \.location.column),
    ]
}

extension ScreenAudit.Check {
    /// The element's name, line and column, then the members of a component audit's check, then what
    /// `target-spacing` adds.
    static let jsonShape = JSONShape<Self>.object(
        ScreenAudit.Element.jsonProperties.map { $0.reading(\.element) }
            + AccessibilityAudit.Check.jsonProperties.map { $0.reading(\.check) } + [
                .whereGiven(
                    "spacing",
                    .number(
                        description: "target-spacing of a target under 24×24 points: the diameter in points of the largest "
                            + "circle centred on it that meets no other target and no other undersized target's 24-point "
                            + "circle; absent for a larger target, or when no other target bounds it."),
                    \.spacing),
                .whereGiven(
                    "neighbour",
                    .object(
                        description: "target-spacing that fails: the target its circle collides with, the nearest of several.",
                        ScreenAudit.Element.jsonProperties),
                    \.neighbour),
            ])
}
