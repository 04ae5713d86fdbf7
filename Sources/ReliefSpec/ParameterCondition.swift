/// When a parameter applies or a default holds, as data: a test on the query that the parser
/// evaluates and `/openapi.json` publishes (`x-relief-applies`, `x-relief-defaults`), so the
/// playground evaluates the very same rule.
///
/// A condition reads the resolved values of parameters earlier in the table (a parameter that does
/// not apply has no value), and whether the query gives a parameter at all. Only parameters
/// without a default are tested for being given: on a resolved spec, "given" is "holds a value".
public indirect enum ParameterCondition: Sendable, Hashable {
    /// The parameter's resolved value, in its canonical spelling, is one of `values`.
    case value(of: String, in: [String])
    /// The query gives the parameter (`true`) or leaves it out (`false`).
    case given(String, Bool)
    /// Every condition holds; with none, always.
    case all([ParameterCondition])
    /// At least one condition holds.
    case any([ParameterCondition])

    /// The condition that always holds.
    public static let always = ParameterCondition.all([])
    /// The condition that never holds.
    public static let never = ParameterCondition.any([])

    /// The component is one of `components`.
    static func component(_ components: RenderSpec.ComponentKind...) -> ParameterCondition {
        .value(of: "component", in: components.map(\.rawValue))
    }

    /// The component is one of those `isIncluded` picks.
    static func component(where isIncluded: (RenderSpec.ComponentKind) -> Bool) -> ParameterCondition {
        .value(of: "component", in: RenderSpec.ComponentKind.allCases.filter(isIncluded).map(\.rawValue))
    }

    /// The style is one of `styles`.
    static func style(_ styles: RenderSpec.Style...) -> ParameterCondition {
        .value(of: "style", in: styles.map(\.rawValue))
    }

    /// The shape (of a button or toggle) is one of `shapes`.
    static func shape(_ shapes: RenderSpec.ShapeKind...) -> ParameterCondition {
        .value(of: "shape", in: shapes.map(\.rawValue))
    }

    /// Whether this is ``always``.
    public var isAlways: Bool {
        self == .always
    }

    /// The condition in words, for descriptions: `component is switch, well or card, or shape is
    /// rounded or capsule`.
    public var words: String {
        switch self {
        case let .value(name, values):
            let choices =
                values.count > 1
                ? values.dropLast().joined(separator: ", ") + " or " + values[values.count - 1]
                : values.joined()
            return "\(name) is " + choices
        case let .given(name, isGiven):
            return isGiven ? "\(name) is given" : "\(name) is not given"
        case let .all(conditions):
            return conditions.isEmpty ? "always" : conditions.map(\.nestedWords).joined(separator: " and ")
        case let .any(conditions):
            return conditions.isEmpty ? "never" : conditions.map(\.nestedWords).joined(separator: ", or ")
        }
    }

    /// The words, in parentheses where they join several conditions.
    private var nestedWords: String {
        switch self {
        case .all(let conditions) where conditions.count > 1, .any(let conditions) where conditions.count > 1:
            "(" + words + ")"
        default:
            words
        }
    }
}

/// `true` is ``ParameterCondition/always`` and `false` ``ParameterCondition/never``, for settings
/// that mostly hold everywhere or nowhere but may hold under a condition.
extension ParameterCondition: ExpressibleByBooleanLiteral {
    public init(booleanLiteral holds: Bool) {
        self = holds ? .always : .never
    }
}

extension ParameterCondition {
    /// Whether the condition can hold for `component` with some values of the other parameters: it
    /// names `component` where it names components, and leaves everything else open. Which parameters
    /// a component takes at all, as a layout's element takes them as arguments.
    public func canHold(forComponent component: RenderSpec.ComponentKind) -> Bool {
        switch self {
        case let .value(name, values): name != "component" || values.contains(component.rawValue)
        case .given: true
        case let .all(conditions): conditions.allSatisfy { $0.canHold(forComponent: component) }
        case let .any(conditions): conditions.contains { $0.canHold(forComponent: component) }
        }
    }
}

extension ParameterCondition {
    /// The condition with each parameter it names found in the table: what resolution and the
    /// canonical form evaluate, many times for every query, without looking a name up or spelling
    /// a value again (``ParameterContext``).
    indirect enum Compiled: Sendable {
        /// The value of the entry at `index`, in its canonical spelling, is one of `values`;
        /// `isComponent` where the entry is `component`, which a page has none of.
        case value(index: Int, isComponent: Bool, in: [String])
        /// The query gives the entry at `index` (`true`) or leaves it out (`false`).
        case given(index: Int, Bool)
        case all([Compiled])
        case any([Compiled])

        /// `condition` with the names it tests found in `indexOf`; a name that is not there never holds.
        init(_ condition: ParameterCondition, indexOf: [String: Int]) {
            switch condition {
            case let .value(name, values):
                self = indexOf[name].map { .value(index: $0, isComponent: name == "component", in: values) } ?? .any([])
            case let .given(name, isGiven):
                self = indexOf[name].map { .given(index: $0, isGiven) } ?? .any([])
            case let .all(conditions):
                self = .all(conditions.map { Compiled($0, indexOf: indexOf) })
            case let .any(conditions):
                self = .any(conditions.map { Compiled($0, indexOf: indexOf) })
            }
        }

        /// Whether the condition holds for the values of `context`.
        func holds(in context: some ParameterContext) -> Bool {
            switch self {
            case let .value(index, isComponent, values):
                if isComponent, context.isPage { return !values.isEmpty }
                guard let value = context.value(at: index) else { return false }
                return values.contains(value)
            case let .given(index, isGiven):
                return context.isGiven(at: index) == isGiven
            case let .all(conditions):
                return conditions.allSatisfy { $0.holds(in: context) }
            case let .any(conditions):
                return conditions.contains { $0.holds(in: context) }
            }
        }
    }
}
