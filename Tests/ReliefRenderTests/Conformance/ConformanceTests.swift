import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

/// Relief's renders of the bare recipes (no icons or text) against the same recipes written as SVG
/// from the contract and drawn by librsvg: an independent check of every rendering rule of SPEC §1.
/// What differences remain come from anti-aliasing of curved edges (rsvg flattens curves to within
/// 0.1 pixel) and from rsvg's sharper blurs below σ = 2 pixels (see `SVGDocument.blur`).
@Suite("Conformance with rsvg")
struct ConformanceTests {
    /// Peak signal-to-noise ratio the two images must reach, in dB.
    static let minimumPSNR = 45.0
    /// Largest 99th percentile of the per-channel absolute error (0–255).
    static let maximumPercentile99 = 6

    @Test(arguments: ConformanceCase.all)
    func matchesRSVG(_ conformance: ConformanceCase) throws {
        let converter = try RSVGConverter.locate()
        let renderer = Renderer()
        // The recipe drawn on the canvas the scene holds its shadows in.
        let spec = try RenderSpec.parse(query: conformance.query).withMargin(shaper: renderer.textShaper)
        let svg = try RecipeSVG.markup(for: spec)
        let (width, height) = spec.pixelSize

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("relief-conformance-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        let clock = ContinuousClock()
        let start = clock.now
        let reference = try PNGDecoder.decode(converter.png(svg: svg, in: work))
        let drawnByRSVG = clock.now
        let image = try renderer.image(for: spec, glyphs: .omitted)
        let drawnByRelief = clock.now
        // Through PNG both ways, so both images are what a client would decode.
        let actual = try PNGDecoder.decode(PNGEncoder().encode(rgba: image.rgba, width: image.width, height: image.height))

        try #require(
            actual.width == width && actual.height == height,
            "Relief drew \(actual.width)×\(actual.height) pixels; the spec's size is \(width)×\(height)")
        try #require(
            reference.width == width && reference.height == height,
            "rsvg drew \(reference.width)×\(reference.height) pixels; the spec's size is \(width)×\(height)")

        let comparison = ImageComparison(
            name: conformance.name, query: conformance.query, source: ("recipe.svg", svg),
            referenceFile: "rsvg.png", minimumPSNR: Self.minimumPSNR,
            maximumPercentile99: Self.maximumPercentile99)
        try comparison.compare(
            reference: reference, actual: actual,
            timing: String(
                format: " (rsvg %.0f ms, Relief %.0f ms)", Self.milliseconds(drawnByRSVG - start),
                Self.milliseconds(drawnByRelief - drawnByRSVG)))
    }

    /// The comparison leaves icons and text out, so this checks that they are drawn at all: the
    /// default button's gray heart covers its centre, and an off switch shows its red "OFF".
    @Test func iconsAndTextAreDrawn() throws {
        let button = try RenderSpec.parse(query: "scale=2")
        let iconGray = (142, 142, 147)
        let centre = Self.pixels(of: iconGray, in: try Renderer().image(for: button), centredFraction: 0.2)
        let bareCentre = Self.pixels(
            of: iconGray, in: try Renderer().image(for: button, glyphs: .omitted),
            centredFraction: 0.2)
        #expect(centre > 100, "the default button has \(centre) pixels of the icon's gray near its centre")
        #expect(bareCentre == 0, "without glyphs the button's centre has \(bareCentre) pixels of the icon's gray")

        let offSwitch = try RenderSpec.parse(query: "component=switch&style=soft&scale=2")
        let systemRed = (255, 59, 48)
        let red = Self.pixels(of: systemRed, in: try Renderer().image(for: offSwitch), centredFraction: 1)
        #expect(red > 20, "the off switch has \(red) pixels of the OFF label's red")
    }

    /// How many pixels within 4 of `colour` on every channel lie in the centred `fraction` of the
    /// image's width and height.
    private static func pixels(of colour: (Int, Int, Int), in image: RenderedImage, centredFraction fraction: Double) -> Int {
        let columns = Self.centred(fraction, of: image.width)
        let rows = Self.centred(fraction, of: image.height)
        return rows.reduce(0) { count, y in
            count
                + columns.filter { x in
                    let start = 4 * (y * image.width + x)
                    return abs(Int(image.rgba[start]) - colour.0) <= 4
                        && abs(Int(image.rgba[start + 1]) - colour.1) <= 4
                        && abs(Int(image.rgba[start + 2]) - colour.2) <= 4
                }.count
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
    }

    private static func centred(_ fraction: Double, of side: Int) -> Range<Int> {
        let length = Int(Double(side) * fraction)
        let start = (side - length) / 2
        return start..<(start + length)
    }
}
