import ReliefSpec

/// A well blurs strokes over its whole frame: 65–90 ns a pixel.
extension RenderSpec.WellOptions: ComponentCost {
    static let workPerPixel = 3.5
}
