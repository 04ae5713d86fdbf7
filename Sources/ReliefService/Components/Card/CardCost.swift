import ReliefSpec

/// The plain cost of a raised surface.
extension RenderSpec.CardOptions: ComponentCost {}
