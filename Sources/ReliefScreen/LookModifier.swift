import ReliefSpec

/// A look parameter set by a modifier: the parameter of the table and its value as a query spells it.
public struct LookSetting: Hashable, Sendable {
    /// The parameter's name in the table (`style`, `blur`), as the query names it.
    public let parameter: String
    /// The value in the table's canonical spelling: `soft`, `e0e5ec`, `315`, `0.2`.
    public let value: String

    public init(parameter: String, value: String) {
        self.parameter = parameter
        self.value = value
    }

    /// The modifier that sets it.
    public var modifier: LookModifier {
        guard let modifier = LookModifier.byParameter[parameter] else {
            preconditionFailure("\(parameter) is no look parameter")
        }
        return modifier
    }
}

/// A look parameter of the table as a modifier of any element (SPEC §14): `.style(.soft)`,
/// `.color("e0e5ec")`, `.light(.topleft)`, `.intensity(0.2)`, … Its value is read, checked and spelt by
/// the parameter's one entry of the table, as a query's is; the layout writes it as Swift does: a
/// choice as `.name`, a colour as a string (its keyword as `.style`), a direction by name where it has
/// one, a number as a number.
public struct LookModifier: Sendable {
    /// The modifier's name: the parameter's, except where SwiftUI gives that name another meaning.
    public let name: String
    /// The parameter's entry in the table.
    public let parameter: QueryParameter

    /// The look parameters a screen's query sets, each also a modifier: what every element is drawn in.
    public static let parameterNames: Set<String> = [
        "style", "color", "accent", "light", "intensity", "distance", "blur", "contrast",
    ]

    /// The modifiers whose parameter's name SwiftUI spends on something else: `.blur(radius:)` blurs a
    /// view, where `blur` is the radius of the recipe's shadows.
    public static let renamed: [String: String] = ["blur": "shadowBlur"]

    /// The table's synonyms (`colour` → `color`) for the name of a modifier, and each renamed
    /// parameter's own name for its modifier's (`blur` → `shadowBlur`): what a misspelt modifier's
    /// suggestion is read through.
    public static let synonyms: [String: String] = RenderSpec.parameterSynonyms.mapValues { renamed[$0] ?? $0 }
        .merging(renamed) { table, _ in table }

    /// Every look modifier, in the table's order.
    public static let all: [LookModifier] = RenderSpec.parameters.filter { parameterNames.contains($0.name) }.map {
        LookModifier(name: renamed[$0.name] ?? $0.name, parameter: $0)
    }

    /// The modifier named `name` in a layout, if it is a look modifier.
    public static func named(_ name: String) -> LookModifier? { byName[name] }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    static let byParameter = Dictionary(uniqueKeysWithValues: all.map { ($0.parameter.name, $0) })

    /// The setting `value` gives, checked by the parameter's entry; nil when it is not a value of the parameter.
    public func setting(_ value: ScreenValue) -> LookSetting? {
        guard let text = queryText(value), let canonical = try? parameter.canonicalText(of: text) else { return nil }
        return LookSetting(parameter: parameter.name, value: canonical)
    }

    /// A value as the layout writes it, as a query would: nil where the layout writes the parameter's
    /// values otherwise (a choice as a string, a colour as a number).
    private func queryText(_ value: ScreenValue) -> String? {
        switch (parameter.schema, value) {
        case (.choice, .member(let name)), (.colour, .member(let name)), (.direction, .member(let name)): name
        case (.colour, .string(let text)), (.text, .string(let text)), (.languageTag, .string(let text)): text
        case (.direction, .number(let number)), (.number, .number(let number)), (.wholeNumber, .number(let number)):
            CanonicalForm.number(number)
        case (.boolean, .bool(let flag)): flag ? "true" : "false"
        default: nil
        }
    }

    /// The value of `setting` as the layout writes it.
    public func value(of setting: LookSetting) -> ScreenValue {
        let text = setting.value
        switch parameter.schema {
        case .choice: return .member(text)
        case .colour(let keywords): return keywords.contains(text) ? .member(text) : .string(text)
        case .direction(let points, _):
            return points.first { String($0.degrees) == text }.map { .member($0.name) } ?? .number(Double(text) ?? 0)
        case .number, .wholeNumber: return .number(Double(text) ?? 0)
        case .boolean: return .bool(text == "true")
        case .text, .languageTag, .list: return .string(text)
        }
    }

    /// What the modifier takes, in the layout's words: `.light or .dark or .colorful or .soft`.
    public var expectation: String {
        switch parameter.schema {
        case .choice(let words):
            return words.map { "." + $0 }.joined(separator: " or ")
        case .colour(let keywords):
            return "\"rrggbb\", six hex digits" + keywords.map { ", or ." + $0 }.joined()
        case .direction(let points, let degrees):
            return points.map { "." + $0.name }.joined(separator: ", ")
                + " or degrees from \(degrees.lowerBound) to \(degrees.upperBound)"
        case .number(let range):
            return "a number from \(CanonicalForm.number(range.lowerBound)) to \(CanonicalForm.number(range.upperBound))"
        case .wholeNumber(let range):
            return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .boolean:
            return "true or false"
        case .text, .languageTag, .list:
            return parameter.allowed
        }
    }
}
