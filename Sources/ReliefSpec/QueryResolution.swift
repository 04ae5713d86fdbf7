/// A query part way through resolution: what it gives, and the spellings of the values resolved
/// so far that conditions read (``RenderSpec/isReadByConditions``), each spelled once as its entry
/// is resolved, however many conditions read it.
struct QueryResolution: ParameterContext {
    /// The values the query states.
    let given: QueryValues
    /// The canonical spellings of the values resolved so far, by the entry's index in
    /// ``RenderSpec/parameters``; `nil` for those that do not apply, are not resolved yet, or that
    /// no condition reads.
    var spellings: [String?] = Array(repeating: nil, count: RenderSpec.parameters.count)
    /// Whether the query is a page's look and output, without a component (``RenderSpec/Page``).
    let isPage: Bool

    init(given: QueryValues, isPage: Bool) {
        self.given = given
        self.isPage = isPage
    }

    func value(at index: Int) -> String? {
        spellings[index]
    }

    func isGiven(at index: Int) -> Bool {
        given.contains(RenderSpec.parameters[index].name)
    }
}
