import ReliefSpec

/// A tab bar is a raised surface with a pressed one on it: a button's cost, pressed and at rest.
extension RenderSpec.TabbarOptions: ComponentCost {
    static let workPerPixel = 2.0
}
