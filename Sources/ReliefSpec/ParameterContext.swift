/// The values a ``ParameterCondition`` reads: those of a query being resolved, or of a resolved spec.
protocol ParameterContext {
    /// The canonical spelling of `parameter`'s value, or `nil` where it has none (it does not apply,
    /// or it is not resolved yet).
    func value(of parameter: QueryParameter) -> String?
    /// Whether the query gives `parameter`.
    func isGiven(_ parameter: QueryParameter) -> Bool
}
