/// One default of a parameter: its value where `condition` holds. A parameter's defaults are tried
/// in order; the first whose condition holds wins, and the last one always holds.
public struct ParameterDefault: Sendable, Hashable {
    /// Where this default holds; ``ParameterCondition/always`` for the last one.
    public let condition: ParameterCondition
    /// The value in its canonical spelling, as a query writes it.
    public let value: String
}
