import ReliefSpec

/// What a pixel of a component costs to draw, measured on the largest images (release build, one core,
/// against a plain card's 22 ns a pixel). Each component's payload conforms in its own folder
/// (`Components/Well/WellCost.swift`); the defaults are a card's and a button's.
protocol ComponentCost: RenderSpec.ComponentOptions {
    /// A pixel of a still against a pixel of a plain card; 1 by default.
    static var workPerPixel: Double { get }
    /// The share of the canvas a picture between an animation's ends draws; all of it by default, as a
    /// button's or toggle's shadows reach the canvas's edges (85–100 % measured).
    static var inBetweenShare: Double { get }
    /// A pixel of such a picture against a pixel of the still; 1.6 by default, a button's, whose
    /// pictures draw the parts that differ twice, one state's fading out as the other's fades in.
    static var inBetweenWorkPerPixel: Double { get }
}

extension ComponentCost {
    static var workPerPixel: Double { 1 }
    static var inBetweenShare: Double { 1 }
    static var inBetweenWorkPerPixel: Double { 1.6 }
}

extension RenderSpec.Component {
    /// The component's cost.
    var cost: any ComponentCost.Type {
        guard let unit = type(of: options) as? any ComponentCost.Type else {
            preconditionFailure("\(kind.rawValue) has no ComponentCost conformance in ReliefService/Components")
        }
        return unit
    }
}
