extension RenderSpec {
    /// The spec as a query string that names it exactly, used as the cache key.
    ///
    /// Parameters come in the table's order, each with its resolved value (every default filled
    /// in, margin included): booleans as `true`/`false`, numbers in shortest plain form (`80`,
    /// `80.5`), background as `style`, `transparent` or lowercase `rrggbb`, the label
    /// percent-encoded (unreserved characters kept, every other byte `%XX`, a space `%20`).
    /// Parameters that do not apply to the spec are left out, so two queries that differ only in
    /// ignored parameters share one key, and so are those the table leaves out at their defaults.
    /// Parsing it gives back an equal spec.
    public var canonicalQuery: String {
        let spelled = SpelledSpec(self)
        return Self.parameters.indices.compactMap { index in
            spelled.canonicalValue(at: index).map { Self.parameters[index].name + "=" + QueryString.encode($0) }
        }
        .joined(separator: "&")
    }
}

extension RenderSpec {
    /// The canonical spelling of the value the spec holds for the parameter named `name`, or `nil`
    /// where the parameter does not apply or holds the default that applies here: what a shorter
    /// spelling of the same request must still say.
    public func valueOtherThanDefault(of name: String) -> String? {
        guard let index = Self.parameterIndices[name] else { return nil }
        let spelled = SpelledSpec(self)
        guard let value = spelled.appliedValue(at: index) else { return nil }
        return value == spelled.defaultValue(at: index) ? nil : value
    }

    /// The canonical spelling of the value the spec holds for the parameter named `name`, its default
    /// too; `nil` where the parameter does not apply.
    public func value(of name: String) -> String? {
        guard let index = Self.parameterIndices[name] else { return nil }
        return SpelledSpec(self).appliedValue(at: index)
    }

    /// Whether the parameter named `name` changes this spec's image (``QueryParameter/applies``).
    func applies(_ name: String) -> Bool {
        guard let index = Self.parameterIndices[name] else { return false }
        return Self.parameterRules[index].applies.holds(in: SpelledSpec(self))
    }
}
