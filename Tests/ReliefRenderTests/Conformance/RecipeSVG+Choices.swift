import ReliefSpec

/// The segmented control and the tab bar of docs/CONTROLS.md: equal shares of the frame, the chosen
/// one's part inset inside its share.
extension RecipeSVG {
    /// A shallow well the frame's size and the chosen segment, a switch knob's raised capsule inset 4
    /// points inside its share (soft only, as the wells).
    func segmentedControl(_ control: RenderSpec.SegmentedOptions) throws(Unsupported) -> String {
        let radius = control.frame.radius
        let well = try self.well(roundedFrame, depth: .shallow)
        let segment = share(control.selection.selected, of: control.segments.count, inset: 4, cornerRadius: radius - 4)
        let lit = shadow(svg.fill(segment, .color(look.surface)), color: look.highlight, radius: 2, x: -3, y: -3)
        return svg.group(well, shadow(lit, color: look.shadow, radius: 3, x: 3, y: 3))
    }

    /// The bar raised as a card and the chosen tab pressed as a button, a rounded rectangle of the
    /// bar's radius less 4 inset 6 points inside its share.
    func tabbar(_ control: RenderSpec.TabbarOptions) throws(Unsupported) -> String {
        let bar = try surface(roundedFrame, isActive: false)
        let tab = share(control.selection.selected, of: control.tabs.count, inset: 6, cornerRadius: control.frame.radius - 4)
        return svg.group(bar, try surface(tab, isActive: true))
    }

    /// The share of choice `number` (1 at the left) of `count`, inset by `inset`, with `cornerRadius`.
    private func share(_ number: Int, of count: Int, inset: Double, cornerRadius: Double) -> SVGShape {
        let width = frame.width / Double(count)
        return SVGShape(
            outline: .roundedRectangle(cornerRadius: max(0, cornerRadius)), x: frame.x + width * Double(number - 1),
            y: frame.y, width: width, height: frame.height
        )
        .inset(by: inset)
    }
}
