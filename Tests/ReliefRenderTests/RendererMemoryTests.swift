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
        (.none, "palette", 95.9), (.lowvision, "palette", 95.9),
        (.none, "rgb", 112.7), (.lowvision, "rgb", 112.2),
        (.none, "rgba", 128.3),
    ]

    @Test(arguments: [RenderSpec.Simulation.none, .lowvision])
    func theLargestImageIsEstimatedAboveEveryMeasuredPeakAndWithinAQuarterOfTheLargest(simulation: RenderSpec.Simulation) {
        let estimate = Double(Renderer.estimatedPeakBytes(width: 4096, height: 4096, simulation: simulation)) / Double(Self.mebibyte)
        let largest = Self.largestImagePeaks.map(\.mebibytes).max()!
        for peak in Self.largestImagePeaks where peak.simulation == simulation {
            #expect(estimate >= peak.mebibytes, "estimate \(estimate) MiB below the \(peak.colourType) peak of \(peak.mebibytes) MiB")
        }
        #expect(estimate <= 1.25 * largest, "estimate \(estimate) MiB against a largest peak of \(largest) MiB")
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

    /// From about 3 megapixels the encoder's filtered rows outweigh the band: the estimate grows by
    /// 8 bytes and a quarter a pixel, the image and the rows.
    @Test func aLargeImageIsEstimatedByItsEncoding() {
        let small = Renderer.estimatedPeakBytes(width: 2048, height: 2048, simulation: .none)
        let large = Renderer.estimatedPeakBytes(width: 4096, height: 4096, simulation: .none)
        #expect(large - small == (8 * 4096 * 4096 + 4096 * 4096 / 4) - (8 * 2048 * 2048 + 2048 * 2048 / 4))
    }
}
