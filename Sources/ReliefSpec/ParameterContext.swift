/// The values a ``ParameterCondition/Compiled`` condition reads, by the entry's index in
/// ``RenderSpec/parameters``: those of a query being resolved, or of a resolved spec.
protocol ParameterContext {
    /// The canonical spelling of the value of the entry at `index`, or `nil` where it has none (it
    /// does not apply, or it is not resolved yet).
    func value(at index: Int) -> String?
    /// Whether the query gives the entry at `index`.
    func isGiven(at index: Int) -> Bool
    /// Whether the values are a page's, which has no component of its own: a test on the component
    /// then holds wherever it names one, since any component may be drawn in the page's look.
    var isPage: Bool { get }
}
