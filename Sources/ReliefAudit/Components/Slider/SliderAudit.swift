import ReliefSpec

/// A slider draws no words; its edge is its knob's (the scene's outline), measured against the track
/// and the background around it.
extension RenderSpec.SliderOptions: ComponentAudit {}
