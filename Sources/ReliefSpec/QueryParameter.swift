/// One entry of the parameter table: a name, how its value is read, and when it shows in the
/// canonical query.
struct QueryParameter: Sendable {
    /// The name in the query, lowercase.
    let name: String
    /// What the value may be, in words.
    let allowed: String
    /// Reads `value` and records it in the explicit values, or throws an error naming this parameter.
    let record: @Sendable (_ value: String, _ into: inout QueryValues) throws(SpecError) -> Void
    /// The canonical spelling of this parameter's value in a resolved spec, or `nil` when the
    /// parameter does not apply to the spec's component (so it stays out of the cache key).
    let canonicalValue: @Sendable (RenderSpec) -> String?

    /// A parameter of `kind`, stored at `given` and read back from a resolved spec by `resolved`,
    /// which returns `nil` where the parameter does not apply.
    init<Value>(
        _ name: String,
        _ kind: ValueKind<Value>,
        given: WritableKeyPath<QueryValues, Value?> & Sendable,
        resolved: @escaping @Sendable (RenderSpec) -> Value?
    ) {
        self.name = name
        self.allowed = kind.allowed
        self.record = { (text, values) throws(SpecError) in
            do throws(ValueKind<Value>.Rejection) {
                values[keyPath: given] = try kind.parse(text)
            } catch {
                let hint = error.hint.map { " (\($0))" } ?? ""
                throw SpecError(
                    parameter: name,
                    allowed: kind.allowed,
                    detail: "\(name) must be \(kind.allowed); got \(MessageText.quoted(text))\(hint)"
                )
            }
        }
        self.canonicalValue = { spec in resolved(spec).map(kind.canonicalText) }
    }

    /// A parameter whose resolved value sits at `resolved` and applies to every component.
    init<Value>(
        _ name: String,
        _ kind: ValueKind<Value>,
        given: WritableKeyPath<QueryValues, Value?> & Sendable,
        always resolved: KeyPath<RenderSpec, Value> & Sendable
    ) {
        self.init(name, kind, given: given, resolved: { $0[keyPath: resolved] })
    }
}
