/// A query part way through resolution: what it gives, and the values resolved so far.
struct QueryResolution: ParameterContext {
    /// The values the query states.
    let given: QueryValues
    /// The values of the parameters resolved so far, `nil` for those that do not apply.
    let resolved: QueryValues

    func value(of parameter: QueryParameter) -> String? {
        parameter.valueText(resolved)
    }

    func isGiven(_ parameter: QueryParameter) -> Bool {
        parameter.valueText(given) != nil
    }
}
