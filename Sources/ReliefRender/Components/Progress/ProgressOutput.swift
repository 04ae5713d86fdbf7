import ReliefSpec

/// A progress indicator: a `<div>`, and in SwiftUI a view of its own drawing its well and done part;
/// a ring is `circular` in the summary.
extension RenderSpec.ProgressOptions: ComponentOutput {
    var summaryWords: [String] { form == .bar ? [] : ["circular"] }
    var shownValue: Double? { value }
}
