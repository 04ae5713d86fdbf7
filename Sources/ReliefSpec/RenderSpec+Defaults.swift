extension RenderSpec {
    /// The frame and corner radius a component gets when the query names none
    /// (the contract's §4 table).
    ///
    /// A circular button's `size` defaults to 80 points, an icon plus 30 points of padding each
    /// side; a rounded one to 80 × 80 with radius 20; a capsule to 160 × 80, twice as wide as tall.
    /// The radius of a circle or capsule is always half its height, so for them it is only
    /// informative. The switch, well and card follow the seeds' first examples.
    public static func defaultFrame(
        for component: Component,
        shape: ShapeKind
    ) -> (width: Double, height: Double, radius: Double) {
        switch (component, shape) {
        case (.button, .circle), (.toggle, .circle): (80, 80, 40)
        case (.button, .rounded), (.toggle, .rounded): (80, 80, 20)
        case (.button, .capsule), (.toggle, .capsule): (160, 80, 40)
        case (.switch, _), (.well, _): (170, 60, 30)
        case (.card, _): (300, 300, 25)
        }
    }

    /// The margin, in points, that holds every shadow the component casts in `style`, used when
    /// the query gives no `margin` (an explicit one always wins).
    ///
    /// Outer shadows reach about offset + 3σ = 10 + 30 points beyond the frame, so 40 points
    /// suffice for every style. A soft well and a soft switch cast no outer shadow (a well is
    /// concave, and the switch's knob shadows stay near its track), so 16 points do.
    public static func defaultMargin(for component: Component, style: Style) -> Double {
        switch (component, style) {
        case (.well, .soft), (.switch, .soft): 16
        default: 40
        }
    }
}
