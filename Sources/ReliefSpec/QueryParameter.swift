/// One entry of the parameter table: everything Relief knows about a `/render` parameter. The
/// parser reads, resolves and writes canonical queries from it, `/openapi.json` publishes it, and
/// the playground builds its controls from that publication.
///
/// A class, not a struct: the parser, the canonical form and every condition pass entries around
/// by the dozen a request, and a reference is one count where a copy of these fields was a dozen.
public final class QueryParameter: Sendable {
    /// The name in the query, lowercase.
    public let name: String
    /// What the value may be, as data.
    public let schema: ValueSchema
    /// What the value may be, in words (the `allowed` of errors).
    public let allowed: String
    /// When the parameter changes the image. Where it does not, a given value is still checked,
    /// then ignored, and the parameter stays out of the canonical query.
    public let applies: ParameterCondition
    /// The value taken where the query gives none: the first default whose condition holds.
    /// Empty when there is none (the parameter then has no value unless given).
    public let defaults: [ParameterDefault]
    /// Where the canonical query leaves the parameter out when it holds its default, so that keys
    /// made before the parameter (or that default) existed keep naming the same images: `true`
    /// everywhere, `false` nowhere, or under a condition (the icon's `none` beside a label).
    public let isLeftOutAtDefault: ParameterCondition
    /// What the parameter does, in a sentence or two.
    public let description: String
    /// How a client shows it.
    public let presentation: ParameterPresentation
    /// Other names people write for it, lowercase (SwiftUI's `isOn` for `on`, CSS's `bg` for
    /// `background`): never accepted, only suggested by the error that refuses them.
    public let synonyms: [String]

    /// Reads `value` and records it in the given values, or throws an error naming this parameter.
    let record: @Sendable (_ value: String, _ given: inout QueryValues) throws(SpecError) -> Void
    /// Sets this parameter's resolved value to the given one and returns true, or returns false
    /// when the query gives none.
    let takeGiven: @Sendable (_ given: QueryValues, _ resolved: inout QueryValues) -> Bool
    /// Sets this parameter's resolved value to the default at `index` of ``defaults``.
    let takeDefault: @Sendable (_ index: Int, _ resolved: inout QueryValues) -> Void
    /// The canonical spelling of this parameter's value among `values`, `nil` when it has none.
    let valueText: @Sendable (_ values: QueryValues) -> String?
    /// The canonical spelling of the value a resolved spec holds for this parameter; `nil` only
    /// for a parameter without a default that was not given.
    let specText: @Sendable (RenderSpec) -> String?

    init(
        name: String, schema: ValueSchema, allowed: String, applies: ParameterCondition, defaults: [ParameterDefault],
        isLeftOutAtDefault: ParameterCondition, description: String, presentation: ParameterPresentation,
        synonyms: [String], record: @escaping @Sendable (String, inout QueryValues) throws(SpecError) -> Void,
        takeGiven: @escaping @Sendable (QueryValues, inout QueryValues) -> Bool,
        takeDefault: @escaping @Sendable (Int, inout QueryValues) -> Void,
        valueText: @escaping @Sendable (QueryValues) -> String?, specText: @escaping @Sendable (RenderSpec) -> String?
    ) {
        self.name = name
        self.schema = schema
        self.allowed = allowed
        self.applies = applies
        self.defaults = defaults
        self.isLeftOutAtDefault = isLeftOutAtDefault
        self.description = description
        self.presentation = presentation
        self.synonyms = synonyms
        self.record = record
        self.takeGiven = takeGiven
        self.takeDefault = takeDefault
        self.valueText = valueText
        self.specText = specText
    }

    /// `text` checked as a query's value of this parameter and in its canonical spelling, or the
    /// error the query would get.
    public func canonicalText(of text: String) throws(SpecError) -> String {
        var given = QueryValues()
        try record(text, &given)
        guard let canonical = valueText(given) else { preconditionFailure("a recorded \(name) has a spelling") }
        return canonical
    }
}

extension TypedParameter {
    /// The entry of a parameter of `kind`, stored under its name while parsing and read back from a resolved spec by
    /// `specValue`. Its default is `fallback`, except where one of `exceptions` holds first.
    init(
        _ name: String,
        _ kind: ValueKind<Value>,
        spec specValue: @escaping @Sendable (RenderSpec) -> Value?,
        applies: ParameterCondition = .always,
        default fallback: Value?,
        except exceptions: [(condition: ParameterCondition, value: Value)] = [],
        isLeftOutAtDefault: ParameterCondition = false,
        synonyms: [String] = [],
        description: String,
        presentation: ParameterPresentation
    ) {
        let defaults =
            exceptions.map { ParameterDefault(condition: $0.condition, value: kind.canonicalText($0.value)) }
            + (fallback.map { [ParameterDefault(condition: .always, value: kind.canonicalText($0))] } ?? [])
        let record: @Sendable (String, inout QueryValues) throws(SpecError) -> Void = { (text, given) throws(SpecError) in
            do throws(ValueKind<Value>.Rejection) {
                given[name, as: Value.self] = try kind.parse(text)
            } catch {
                let hint = error.hint.map { " (\($0))" } ?? ""
                throw SpecError(
                    parameter: name,
                    allowed: kind.allowed,
                    detail: "\(name) must be \(kind.allowed); got \(MessageText.quoted(text))\(hint)"
                )
            }
        }
        let takeGiven: @Sendable (QueryValues, inout QueryValues) -> Bool = { given, resolved in
            guard let value = given[name, as: Value.self] else { return false }
            resolved[name, as: Value.self] = value
            return true
        }
        // The defaults are the exceptions' values, then the fallback (``ParameterDefault``).
        let takeDefault: @Sendable (Int, inout QueryValues) -> Void = { index, resolved in
            resolved[name, as: Value.self] = index < exceptions.count ? exceptions[index].value : fallback
        }
        let valueText: @Sendable (QueryValues) -> String? = { values in values[name, as: Value.self].map(kind.canonicalText) }
        entry = QueryParameter(
            name: name, schema: kind.schema, allowed: kind.allowed, applies: applies, defaults: defaults,
            isLeftOutAtDefault: isLeftOutAtDefault, description: description,
            presentation: presentation, synonyms: synonyms, record: record, takeGiven: takeGiven, takeDefault: takeDefault,
            valueText: valueText,
            specText: { spec in specValue(spec).map(kind.canonicalText) })
    }
}
