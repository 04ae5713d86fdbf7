import ReliefSpec

/// A progress indicator draws no words; its edge is its well's, and its done part is measured against
/// the rest of the well. It only shows, so it is no target.
extension RenderSpec.ProgressOptions: ComponentAudit {
    var partNames: PartNames? { .value(fill: "done part", track: "well") }
    var isTarget: Bool { false }
}
