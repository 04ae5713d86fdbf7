/// Parameters of the table read from a query on their own, outside one component's spec: what a
/// screen's query sets for every element on it (SPEC §14).
///
/// Each value is checked by its parameter's entry, as ``RenderSpec/parse(query:format:)`` checks it,
/// and kept in its canonical spelling. A value equal to a default that holds whatever else is given
/// (`scale=1`, `format=png`) is left out, so two spellings of the same settings are equal; a value
/// whose default depends on the style (`intensity`) is kept, since an element may be drawn in another
/// style than the query's.
public struct QuerySettings: Sendable, Hashable {
    /// Canonical values by parameter name.
    private var values: [String: String] = [:]

    public init() {}

    /// The settings of `query` among `names`; the pairs named in `own` are handed back decoded and not
    /// read as settings. A name in neither is refused with `refusal(name)` when it gives one (a
    /// parameter the query's subject takes elsewhere), else as an unknown parameter listing `names`
    /// and `own`. A name given twice is refused.
    public static func parse(
        _ query: String, names: Set<String>, own: Set<String>, refusal: (String) -> SpecError?
    ) throws(SpecError) -> (settings: QuerySettings, own: [String: String]) {
        var settings = QuerySettings()
        var ownValues: [String: String] = [:]
        var seen: Set<String> = []
        let allowed = own.sorted() + RenderSpec.parameterNames.filter(names.contains)
        for pair in QueryString.pairs(in: query) {
            let name = try pair.name()
            guard seen.insert(name).inserted else { throw RenderSpec.givenTwiceError(name) }
            if own.contains(name) {
                ownValues[name] = try pair.decodedValue(named: name)
                continue
            }
            guard names.contains(name), let parameter = RenderSpec.parametersByName[name] else {
                if let refused = refusal(name) { throw refused }
                throw RenderSpec.unknownParameterError(name, names: allowed)
            }
            try settings.set(parameter, to: pair.value(of: parameter))
        }
        return (settings, ownValues)
    }

    /// Whether `query` has a pair named `name`, names decoded as ``parse(_:names:own:refusal:)``
    /// decodes them: how a route that takes two kinds of query tells which it was given.
    public static func isNamed(_ name: String, in query: String) -> Bool {
        QueryString.pairs(in: query).contains { (try? $0.name()) == name }
    }

    /// Sets the parameter named `name` to `text`, checked by its entry; refused as the query would be.
    public mutating func set(_ name: String, to text: String) throws(SpecError) {
        guard let parameter = RenderSpec.parametersByName[name] else {
            preconditionFailure("\(name) is no parameter of the table")
        }
        try set(parameter, to: text)
    }

    private mutating func set(_ parameter: QueryParameter, to text: String) throws(SpecError) {
        var given = QueryValues()
        try parameter.record(text, &given)
        guard let canonical = parameter.valueText(given) else { return }
        let isDefaultEverywhere = parameter.defaults.count == 1 && parameter.defaults[0].condition.isAlways
        values[parameter.name] = isDefaultEverywhere && parameter.defaults[0].value == canonical ? nil : canonical
    }

    /// The canonical value of the parameter named `name`, if set.
    public subscript(name: String) -> String? { values[name] }

    /// The settings with those named in `names` left out.
    public func removing(_ names: Set<String>) -> QuerySettings {
        var copy = self
        copy.values = values.filter { !names.contains($0.key) }
        return copy
    }

    /// The settings as query pairs in the table's order, percent-encoded: `style=dark&scale=2`.
    public var query: String {
        Self.query(RenderSpec.parameterNames.compactMap { name in values[name].map { (name, $0) } })
    }

    /// `pairs` as a query string, each value percent-encoded as the canonical query encodes it.
    public static func query(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { $0.name + "=" + QueryString.encode($0.value) }.joined(separator: "&")
    }
}

extension QueryString.Pair {
    /// The decoded value of a pair outside the table (a screen's `source`); one that does not decode
    /// is an error naming it.
    func decodedValue(named name: String) throws(SpecError) -> String {
        guard let equals = written.firstIndex(of: "=") else { return "" }
        do {
            return try PercentDecoding.decode(written[written.index(after: equals)...], plusIsSpace: true)
        } catch {
            throw SpecError(
                parameter: name, allowed: "%XX escapes of UTF-8 bytes",
                detail:
                    "\(name) must be written as %XX escapes of UTF-8 bytes; in \(MessageText.quoted(String(written))) \(error.words)"
            )
        }
    }
}
