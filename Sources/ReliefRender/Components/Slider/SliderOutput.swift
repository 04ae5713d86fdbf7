import ReliefSpec

/// A slider: a picture of one, so a `<div>` in an HTML page; in SwiftUI a view of its own drawing its
/// track, fill and knob.
extension RenderSpec.SliderOptions: ComponentOutput {
    var shownValue: Double? { value }
}
