extension RenderSpec {
    /// The least margin, in points, of a query naming `component` and `style` and no `margin`: the
    /// scene grows it to hold every shadow it casts beyond (``Output/margin``). 40 holds the seeds'
    /// outer shadows (10 + 3 × 10); a soft well or switch, and the soft controls built of them, cast
    /// no outer shadow but a knob's small ones, which 16 holds.
    public static func leastMargin(for component: ComponentKind, style: Style) -> Double {
        style == .soft && component.options.castsOnlySmallShadowsInSoft ? Limits.leastSmallShadowMargin : Limits.leastMargin
    }

    /// The margin the canvas has at least: the query's, or ``leastMargin(for:style:)``.
    public var leastMargin: Double {
        output.margin ?? Self.leastMargin(for: component.kind, style: look.style)
    }
}
