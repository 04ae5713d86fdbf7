import ReliefSpec

/// A progress indicator draws no words; its edge is its well's.
extension RenderSpec.ProgressOptions: ComponentAudit {}
