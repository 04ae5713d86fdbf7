extension RenderSpec {
    /// An entry's conditions compiled (``ParameterCondition/Compiled``), as every query evaluates them.
    struct ParameterRules: Sendable {
        let applies: ParameterCondition.Compiled
        /// ``QueryParameter/defaults``' conditions, in order, each with its value's spelling.
        let defaults: [(condition: ParameterCondition.Compiled, value: String)]
        let isLeftOutAtDefault: ParameterCondition.Compiled
    }

    /// The rules of each entry of ``parameters``, by the same index.
    static let parameterRules: [ParameterRules] = parameters.map { parameter in
        ParameterRules(
            applies: .init(parameter.applies, indexOf: parameterIndices),
            defaults: parameter.defaults.map { (.init($0.condition, indexOf: parameterIndices), $0.value) },
            isLeftOutAtDefault: .init(parameter.isLeftOutAtDefault, indexOf: parameterIndices))
    }

    /// Whether some entry's condition reads the value of the entry at each index: only those are
    /// spelled as a query is resolved.
    static let isReadByConditions: [Bool] = {
        var isRead = Array(repeating: false, count: parameters.count)
        func mark(_ condition: ParameterCondition.Compiled) {
            switch condition {
            case let .value(index, _, _): isRead[index] = true
            case .given: break
            case let .all(conditions), let .any(conditions): conditions.forEach(mark)
            }
        }
        for rules in parameterRules {
            mark(rules.applies)
            for rule in rules.defaults { mark(rule.condition) }
            mark(rules.isLeftOutAtDefault)
        }
        return isRead
    }()

    /// The values in effect for a query that states `given`: through the table in order, each
    /// parameter that applies takes its given value or its default; the others take none.
    static func resolve(_ given: QueryValues) -> QueryValues {
        resolve(given, entries: parameters.indices, isPage: false)
    }

    /// The values in effect for `given` of the entries at `entries` (indices of ``parameters``, in
    /// order); `isPage` resolves a page's look and output, which hold for any component
    /// (``ParameterContext/isPage``).
    static func resolve(_ given: QueryValues, entries: some Sequence<Int>, isPage: Bool) -> QueryValues {
        var resolved = QueryValues()
        var resolution = QueryResolution(given: given, isPage: isPage)
        for index in entries {
            let (parameter, rules) = (parameters[index], parameterRules[index])
            guard rules.applies.holds(in: resolution) else { continue }
            if !parameter.takeGiven(given, &resolved) {
                guard let chosen = rules.defaults.firstIndex(where: { $0.condition.holds(in: resolution) }) else {
                    continue
                }
                parameter.takeDefault(chosen, &resolved)
            }
            if isReadByConditions[index] { resolution.spellings[index] = parameter.valueText(resolved) }
        }
        return resolved
    }

    /// The spec of resolved values: each part reads the parameters that apply to it.
    init(resolved values: QueryValues) {
        component = Component(resolved: values)
        look = Look(resolved: values)
        output = Output(resolved: values)
    }
}

/// A resolved spec's values as conditions read them, each spelled the first time one does. A spec
/// holds a value for every parameter with a default, so only those without one (a label) can be
/// missing, and they are there exactly when given (and applicable).
final class SpelledSpec: ParameterContext {
    let spec: RenderSpec
    private var spellings: [String??]

    init(_ spec: RenderSpec) {
        self.spec = spec
        spellings = Array(repeating: nil, count: RenderSpec.parameters.count)
    }

    var isPage: Bool { false }

    func value(at index: Int) -> String? {
        if let known = spellings[index] { return known }
        let spelled = RenderSpec.parameters[index].specText(spec)
        spellings[index] = .some(spelled)
        return spelled
    }

    func isGiven(at index: Int) -> Bool {
        value(at: index) != nil
    }

    /// The spelling of the default of the entry at `index` for this spec, `nil` when there is none.
    func defaultValue(at index: Int) -> String? {
        RenderSpec.parameterRules[index].defaults.first { $0.condition.holds(in: self) }?.value
    }

    /// The spelling of the entry at `index` where it applies, `nil` where it does not.
    func appliedValue(at index: Int) -> String? {
        RenderSpec.parameterRules[index].applies.holds(in: self) ? value(at: index) : nil
    }

    /// The spelling of the entry at `index` in the spec's canonical query, `nil` when the canonical
    /// query leaves it out.
    func canonicalValue(at index: Int) -> String? {
        guard let value = appliedValue(at: index) else { return nil }
        return RenderSpec.parameterRules[index].isLeftOutAtDefault.holds(in: self) && value == defaultValue(at: index)
            ? nil : value
    }
}
