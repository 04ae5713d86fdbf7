import ReliefSpec

/// A segmented control: a `<div>`, and in SwiftUI a view of its own drawing its well, chosen segment
/// and words.
extension RenderSpec.SegmentedOptions: ComponentOutput {}
