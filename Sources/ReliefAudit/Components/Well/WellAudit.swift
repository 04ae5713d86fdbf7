import ReliefSpec

/// Measured as every component is: its face, outline and states. A well only shows, so it is no target.
extension RenderSpec.WellOptions: ComponentAudit {
    var isTarget: Bool { false }
}
