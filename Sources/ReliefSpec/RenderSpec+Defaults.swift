extension RenderSpec {
    /// The margin, in points, that a query naming `component` and `style` and no `margin` gets:
    /// room for every shadow the component casts in that style (see the table's `margin`).
    public static func defaultMargin(for component: ComponentKind, style: Style) -> Double {
        var given = QueryValues()
        given[Parameter.component] = component
        given[Parameter.style] = style
        return RenderSpec(resolved: resolve(given)).output.margin
    }
}
