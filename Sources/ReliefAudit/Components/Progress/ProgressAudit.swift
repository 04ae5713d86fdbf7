import ReliefSpec

/// A progress indicator draws no words; its edge is its well's, and its done part is measured against
/// the rest of the well.
extension RenderSpec.ProgressOptions: ComponentAudit {
    var partNames: PartNames? { .value(fill: "done part", track: "well") }
}
