import ReliefAudit
import ReliefRender

extension AccessibilityAudit {
    /// `{"query": …, "note": …, "checks": […], "pass": …}`, the note only where there is one.
    var json: JSONValue {
        .object([
            "query": .string(query),
            "note": note.map(JSONValue.string),
            "checks": .array(checks.map(\.json)),
            "pass": .bool(pass),
        ])
    }
}

extension AccessibilityAudit.Check {
    var json: JSONValue {
        let measured: JSONValue.Member = if let size {
            .init(name: "size", value: .object(["width": .number(size.width), "height": .number(size.height)]))
        } else {
            .init(name: "ratio", value: .number(ratio.map(AccessibilityAudit.hundredths) ?? 1))
        }
        let enhanced: JSONValue? = aaa.map { .object([
            "required": .number($0.required), "level": .string($0.level), "criterion": .string($0.criterion),
            "pass": .bool($0.pass),
        ]) }
        return .object([.init(name: "id", value: .string(id)), measured] + JSONValue.object([
            "required": .number(aa.required),
            "level": .string(aa.level),
            "criterion": .string(aa.criterion),
            "pass": .bool(aa.pass),
            "enhanced": enhanced,
            "detail": .string(detail),
            "suggestion": suggestion.map { .string($0.text) },
            "fix": suggestion.map { .array($0.fix.map(\.json)) },
        ]).members)
    }
}

extension AccessibilityAudit.Suggestion.Setting {
    /// `{"parameter": "contrast", "value": "high"}`.
    var json: JSONValue {
        .object(["parameter": .string(parameter), "value": .string(value)])
    }
}

extension JSONValue {
    /// An object's members; none for other values.
    var members: [Member] {
        if case .object(let members) = self { members } else { [] }
    }
}
