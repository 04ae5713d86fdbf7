/// The values a ``ParameterCondition`` reads: those of a query being resolved, or of a resolved spec.
protocol ParameterContext {
    /// The canonical spelling of `parameter`'s value, or `nil` where it has none (it does not apply,
    /// or it is not resolved yet).
    func value(of parameter: QueryParameter) -> String?
    /// Whether the query gives `parameter`.
    func isGiven(_ parameter: QueryParameter) -> Bool
    /// Whether the values are a page's, which has no component of its own: a test on the component
    /// then holds wherever it names one, since any component may be drawn in the page's look.
    var isPage: Bool { get }
}

extension ParameterContext {
    var isPage: Bool { false }
}
