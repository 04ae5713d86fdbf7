import ReliefRender
import ReliefSpec
import Testing

/// `Renderer.estimatedPeakBytes`, which the render memory budget admits by, against the peaks
/// `relief-bench` measured (docs/PERFORMANCE.md): never below one, and not far above the largest.
@Suite("Render memory estimate")
struct RendererMemoryTests {
    static let mebibyte = 1 << 20

    /// The peaks of the 4096 × 4096 card measured by `relief-bench`, in MiB above the process's
    /// resident memory before the render: the default style is a palette PNG, colorful truecolour,
    /// colorful on a transparent background truecolour with alpha; low vision peaks as plain.
    static let largestImagePeaks: [(simulation: RenderSpec.Simulation, colourType: String, mebibytes: Double)] = [
        (.none, "palette", 79.9), (.lowvision, "palette", 79.8),
        (.none, "rgb", 64.4), (.lowvision, "rgb", 75.9),
        (.none, "rgba", 64.0),
    ]

    /// Within a quarter of the largest peak, beyond the low-vision band's 24 MiB, which the smaller
    /// renders reach but the card, whose blur has little to read beyond its bands, does not.
    @Test(arguments: [RenderSpec.Simulation.none, .lowvision])
    func theLargestImageIsEstimatedAboveEveryMeasuredPeakAndWithinAQuarterOfTheLargest(simulation: RenderSpec.Simulation) {
        let estimate = Double(Renderer.estimatedPeakBytes(width: 4096, height: 4096, simulation: simulation)) / Double(Self.mebibyte)
        let largest = Self.largestImagePeaks.map(\.mebibytes).max()!
        for peak in Self.largestImagePeaks where peak.simulation == simulation {
            #expect(estimate >= peak.mebibytes, "estimate \(estimate) MiB below the \(peak.colourType) peak of \(peak.mebibytes) MiB")
        }
        let lowVisionBand = simulation == .lowvision ? 24.0 : 0
        #expect(estimate <= 1.25 * largest + lowVisionBand, "estimate \(estimate) MiB against a largest peak of \(largest) MiB")
    }

    /// Below a few megapixels drawing holds more than encoding: the band and, with low vision, the
    /// band being blurred decide the estimate, as calibrated on the smaller renders.
    @Test func aSmallImageIsEstimatedByItsDrawing() {
        let card = Renderer.estimatedPeakBytes(width: 760, height: 760, simulation: .none)
        let pixels = 760 * 760
        #expect(card == 4 * pixels + pixels / 4 + (4 << 20) + (8 << 20))
        let lowVision = Renderer.estimatedPeakBytes(width: 760, height: 760, simulation: .lowvision)
        #expect(lowVision == card + (24 << 20))
    }

    /// From about 12 megapixels the palette indices outweigh the band: the estimate grows by 5 bytes
    /// and a quarter a pixel, the image, the indices and the compressed stream.
    @Test func aLargeImageIsEstimatedByItsEncoding() {
        let large = Renderer.estimatedPeakBytes(width: 4096, height: 4096, simulation: .none)
        let pixels = 4096 * 4096
        #expect(large == 4 * pixels + pixels + pixels / 4)
        #expect(Renderer.estimatedPeakBytes(width: 2048, height: 2048, simulation: .none) == 4 * 2048 * 2048 + 2048 * 2048 / 4 + (12 << 20))
    }
}
