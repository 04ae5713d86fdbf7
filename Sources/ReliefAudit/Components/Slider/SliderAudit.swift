import ReliefSpec

/// A slider draws no words; its edge is its knob's (the scene's outline), measured against the track
/// and the background around it. Its knob is measured against the track alone too, and its fill
/// against the rest of the track.
extension RenderSpec.SliderOptions: ComponentAudit {
    var partNames: PartNames? { .value(fill: "fill", track: "track") }
}
