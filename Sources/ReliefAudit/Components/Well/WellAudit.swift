import ReliefSpec

/// Measured as every component is: its face, outline and states.
extension RenderSpec.WellOptions: ComponentAudit {}
