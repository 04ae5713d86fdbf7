import ReliefSpec

/// A checkbox draws a small raised or pressed box: a button's cost.
extension RenderSpec.CheckboxOptions: ComponentCost {}
