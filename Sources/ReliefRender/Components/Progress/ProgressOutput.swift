import ReliefSpec

/// A progress indicator: a `<div role="progressbar">` with its value, and in SwiftUI a view of its own
/// drawing its well and done part; a ring is `circular` in the summary.
extension RenderSpec.ProgressOptions: ComponentOutput {
    var summaryWords: [String] { form == .bar ? [] : ["circular"] }
    var shownValue: Double? { value }
    var htmlElement: HTMLElement { .division(attributes: ["role=\"progressbar\""] + HTMLElement.percentRange(of: value)) }
}
