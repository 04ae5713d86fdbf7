extension RenderSpec: ParameterContext {
    /// The values in effect for a query that states `given`: through the table in order, each
    /// parameter that applies takes its given value or its default; the others take none.
    static func resolve(_ given: QueryValues) -> QueryValues {
        var resolved = QueryValues()
        for parameter in parameters {
            parameter.resolve(given, &resolved, false)
        }
        return resolved
    }

    /// The spec of resolved values: each part reads the parameters that apply to it.
    init(resolved values: QueryValues) {
        component = Component(resolved: values)
        look = Look(resolved: values)
        output = Output(resolved: values)
    }

    func value(of parameter: QueryParameter) -> String? {
        parameter.specText(self)
    }

    /// A resolved spec holds a value for every parameter with a default, so only those without one
    /// (a label) can be missing, and they are there exactly when given (and applicable).
    func isGiven(_ parameter: QueryParameter) -> Bool {
        parameter.specText(self) != nil
    }
}
