import ReliefSpec

/// A radio button draws a small raised or pressed circle: a button's cost.
extension RenderSpec.RadioOptions: ComponentCost {}
