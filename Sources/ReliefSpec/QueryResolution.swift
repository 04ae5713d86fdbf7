/// A query part way through resolution: what it gives, and the values resolved so far.
struct QueryResolution: ParameterContext {
    /// The values the query states.
    let given: QueryValues
    /// The values of the parameters resolved so far, `nil` for those that do not apply.
    let resolved: QueryValues
    /// Whether the query is a page's look and output, without a component (``RenderSpec/Page``).
    let isPage: Bool

    func value(of parameter: QueryParameter) -> String? {
        parameter.valueText(resolved)
    }

    func isGiven(_ parameter: QueryParameter) -> Bool {
        parameter.valueText(given) != nil
    }
}
