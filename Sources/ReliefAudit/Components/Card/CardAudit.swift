import ReliefSpec

/// Measured as every component is: its face, outline and states. A card only shows, so it is no target.
extension RenderSpec.CardOptions: ComponentAudit {
    var isTarget: Bool { false }
}
