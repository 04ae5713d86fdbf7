import ReliefRender
import ReliefScene
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
        (.none, "palette", 80.0), (.lowvision, "palette", 92.4),
        (.none, "rgb", 72.9), (.lowvision, "rgb", 92.3),
        (.none, "rgba", 72.6),
    ]

    /// Within a quarter of the largest peak, beyond the low-vision bands' 24 MiB each, which the
    /// smaller renders reach but the card, whose blur has little to read beyond its bands, does not.
    @Test(arguments: [RenderSpec.Simulation.none, .lowvision])
    func theLargestImageIsEstimatedAboveEveryMeasuredPeakAndWithinAQuarterOfTheLargest(simulation: RenderSpec.Simulation) {
        let estimate =
            Double(Renderer.estimatedPeakBytes(width: 4096, height: 4096, simulation: simulation)) / Double(Self.mebibyte)
        let largest = Self.largestImagePeaks.map(\.mebibytes).max()!
        for peak in Self.largestImagePeaks where peak.simulation == simulation {
            #expect(
                estimate >= peak.mebibytes, "estimate \(estimate) MiB below the \(peak.colourType) peak of \(peak.mebibytes) MiB")
        }
        let lowVisionBand = simulation == .lowvision ? 24.0 * Double(Renderer.bandsAtOnce) : 0
        #expect(estimate <= 1.25 * largest + lowVisionBand, "estimate \(estimate) MiB against a largest peak of \(largest) MiB")
    }

    /// Below about 12 megapixels drawing holds more than encoding: the bands drawn at once and,
    /// with low vision, the band being blurred decide the estimate, as calibrated on the smaller
    /// renders. The card has 9 bands of the default size; a 200 × 200 button is drawn whole.
    @Test func aSmallImageIsEstimatedByItsDrawing() {
        let band = (4 << 20) + (8 << 20)
        let card = Renderer.estimatedPeakBytes(width: 760, height: 760, simulation: .none)
        let pixels = 760 * 760
        #expect(card == 4 * pixels + pixels / 4 + Renderer.bandsAtOnce * band)
        let lowVision = Renderer.estimatedPeakBytes(width: 760, height: 760, simulation: .lowvision)
        // 760 pixels wide, the card is blurred in three bands of 344 rows, as many at once as allowed.
        #expect(lowVision == card + min(Renderer.bandsAtOnce, 3) * (24 << 20))
        let button = Renderer.estimatedPeakBytes(width: 200, height: 200, simulation: .none)
        #expect(button == 4 * 40_000 + 40_000 / 4 + (4 << 20) + 16 * 40_000)
    }

    /// From about 12 megapixels (with one band at a time) the palette indices outweigh the bands:
    /// the estimate is the image, the indices and the compressed stream.
    @Test func aLargeImageIsEstimatedByTheLargerOfDrawingAndEncoding() {
        let pixels = 4096 * 4096
        let drawing = pixels / 4 + Renderer.bandsAtOnce * ((4 << 20) + (8 << 20)), encoding = pixels + pixels / 4
        #expect(Renderer.estimatedPeakBytes(width: 4096, height: 4096, simulation: .none) == 4 * pixels + max(drawing, encoding))
    }

    /// What `query`'s animation reserves once laid out, before it draws a pixel.
    static func animationReservation(_ query: String) throws -> Int {
        struct Reserved: Error { var bytes: Int }
        let stopAtTheReservation = RenderSupervisor(reserve: { throw Reserved(bytes: $0) }, isWanted: { true })
        do {
            _ = try Renderer().png(for: RenderSpec.parse(query: query), supervisor: stopAtTheReservation)
        } catch let reserved as Reserved {
            return reserved.bytes
        }
        Issue.record("\(query) drew without reserving")
        return 0
    }

    /// Peaks of animations measured with `relief render QUERY -o FILE` (release build, the most
    /// resident memory less that of a 96 × 96 render, 26.1 MiB), in MiB: the largest animation the
    /// pixel limits allow, with and without low vision, once and with loop, a switch (whose frames
    /// in between hold about half the canvas) and a colorful button.
    static let animationPeaks: [(query: String, mebibytes: Double)] = [
        (
            "component=toggle&shape=rounded&width=362&height=362&scale=4&margin=0&animate=true&fps=60&loop=true"
                + "&simulate=lowvision&contrast=high", 216.1
        ),
        (
            "component=toggle&shape=rounded&width=362&height=362&scale=4&margin=0&animate=true&fps=60&loop=true&contrast=high",
            199.4
        ),
        ("component=toggle&shape=rounded&width=362&height=362&scale=4&margin=0&animate=true&fps=30&contrast=high", 106.5),
        ("component=switch&width=400&height=200&scale=4&animate=true&on=true", 121.4),
        ("component=switch&width=400&height=200&scale=3&animate=true&on=true&loop=true", 112.7),
        ("animate=true&pressed=true&size=300&scale=4&loop=true&style=colorful", 137.8),
    ]

    /// Never below the peak; at most twice it, as the frames are counted as copies of their
    /// pictures, which they are not where a frame changed all of its picture.
    @Test(arguments: animationPeaks.indices)
    func anAnimationReservesAtLeastItsPeakAndAtMostTwice(_ index: Int) throws {
        let (query, peak) = Self.animationPeaks[index]
        let reserved = Double(try Self.animationReservation(query)) / Double(Self.mebibyte)
        #expect(reserved >= peak, "reserved \(reserved) MiB below the peak of \(peak) MiB")
        #expect(reserved <= 2 * peak, "reserved \(reserved) MiB against a peak of \(peak) MiB")
    }

    /// The pictures an animation is costed at before it is laid out are those the renderer draws:
    /// one a frame time of the timeline.
    @Test(arguments: [
        "component=toggle&animate=true&fps=60", "animate=true&fps=10&loop=true",
        "component=switch&animate=true&fps=24", "component=switch&width=700&knob=40&animate=true&scale=3",
    ])
    func theCostedPicturesAreTheTimelinesFrames(_ query: String) throws {
        let spec = try RenderSpec.parse(query: query)
        let transition = try SceneTransition(spec: spec, shaper: Renderer().textShaper)
        let frames = transition.timeline.frameTimes(framesPerSecond: spec.output.animation!.framesPerSecond)
        #expect(Renderer.animationPictureCount(for: spec) == frames.count)
    }
}
