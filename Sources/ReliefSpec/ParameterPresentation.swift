/// How a client such as the playground presents a parameter: hints that change nothing the
/// parser does, kept beside the parameter so that no client needs its own copy.
public struct ParameterPresentation: Sendable {
    /// The control's label, e.g. `Corner radius`.
    public let label: String
    /// The group the control sits in.
    public let group: ParameterGroup
    /// The unit of a number, e.g. `pt`.
    public let unit: String?
    /// Words shown for some values in place of the value itself, in the order of the values.
    public let valueLabels: [(value: String, label: String)]
    /// The step between a slider's values; `nil` for a number typed into a field.
    public let sliderStep: Double?

    /// A presentation; `valueLabels` and `sliderStep` default to none.
    init(
        _ label: String,
        _ group: ParameterGroup,
        unit: String? = nil,
        valueLabels: [(value: String, label: String)] = [],
        sliderStep: Double? = nil
    ) {
        self.label = label
        self.group = group
        self.unit = unit
        self.valueLabels = valueLabels
        self.sliderStep = sliderStep
    }
}
