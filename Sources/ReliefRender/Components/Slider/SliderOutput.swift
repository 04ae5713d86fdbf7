import ReliefSpec

/// A slider: a picture of one, a `<div role="slider">` in an HTML page that keyboard focus reaches;
/// in SwiftUI a view of its own drawing its track, fill and knob.
extension RenderSpec.SliderOptions: ComponentOutput {
    var shownValue: Double? { value }

    /// A slider with steps says its stop too, as "50 %, step 2 of 4", since the percentage alone does
    /// not say where the stops are.
    var htmlElement: HTMLElement {
        var attributes = ["role=\"slider\"", "tabindex=\"0\""] + HTMLElement.percentRange(of: value)
        if steps > 0 {
            let step = Int((value * Double(steps)).rounded())
            attributes.append("aria-valuetext=\"\(RenderSpec.percent(value)), step \(step) of \(steps)\"")
        }
        return .division(attributes: attributes)
    }
}
