import ReliefRender
import ReliefSpec
import Testing

/// Images drawn in bands against the same images drawn whole. Wide shadows are made once for every
/// band and match to the bit; blurs that read their content around each band match within a level.
@Suite("Rendering in bands")
struct BandedRenderTests {
    /// One band a few dozen rows tall, as the largest images are drawn; and the image whole.
    static let banded = renderer(bandPixels: 1 << 13)
    static let whole = renderer(bandPixels: .max)

    static func renderer(bandPixels: Int) -> Renderer {
        var configuration = Renderer.Configuration()
        configuration.bandPixels = bandPixels
        return Renderer(configuration: configuration)
    }

    /// The largest difference of any byte between `query` drawn in bands and whole, after checking
    /// that the bands were many.
    func largestDifference(_ query: String) throws -> Int {
        let spec = try RenderSpec.parse(query: query)
        let whole = try Self.whole.image(for: spec), banded = try Self.banded.image(for: spec)
        try #require(whole.width * whole.height > 8 << 13, "an image of many bands")
        try #require(banded.rgba.count == whole.rgba.count)
        return zip(banded.rgba, whole.rgba).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// The largest card's recipe and scale (`component=card&width=960&height=960&scale=4&margin=32`,
    /// 4096 × 4096 pixels) on a smaller frame: its shadows (σ = 40 pixels) are the wide ones.
    @Test(arguments: RenderSpec.Style.allCases)
    func aCardAtScale4IsTheSameDrawnInBands(style: RenderSpec.Style) throws {
        #expect(try largestDifference("component=card&style=\(style)&width=60&height=60&scale=4&margin=32") == 0)
    }

    /// The soft style's shadows at scale 2 (σ = 16 pixels) reach 64 rows past a band of 28: they are
    /// made once for every band too.
    @Test(arguments: [
        "component=card&style=soft", "style=soft&width=140&height=70", "style=soft&shape=capsule&width=160&height=56",
    ])
    func softShadowsAtScale2AreTheSameDrawnInBands(query: String) throws {
        #expect(try largestDifference(query + "&scale=2&margin=32") == 0)
    }

    /// Pressed cards and deep wells blur strokes by 12 to 16 pixels, reading around each band.
    @Test(arguments: [
        "component=card&pressed=true&width=60&height=60&scale=4&margin=32",
        "component=card&style=dark&pressed=true&width=60&height=60&scale=4&margin=32",
        "component=well&style=colorful&width=70&height=50&scale=4&margin=32",
        "component=switch&style=soft&on=true&width=90&height=40&scale=4&margin=32",
        "shape=capsule&label=Bands&icon=star&width=80&height=40&scale=4&margin=32&simulate=lowvision",
    ])
    func blursThatReadAroundEachBandStayWithinALevel(query: String) throws {
        #expect(try largestDifference(query) <= 1)
    }
}
