import ReliefSpec
import Testing

/// A screen's `format=svg` drawn by librsvg at the PNG's scale against the PNG: the same canvas
/// walked by another back end, so within a component's SVG's thresholds.
@Suite("A screen's SVG")
struct ScreenSVGTests {
    @Test(arguments: ScreenCase.all)
    func rsvgDrawsThePNG(_ screenCase: ScreenCase) throws {
        try SVGFormatTests.compareThroughRSVG(
            try screenCase.text(.svg), scale: Showcase.scale, with: try screenCase.png(),
            name: "screen-svg-rsvg-" + screenCase.name, query: screenCase.query)
    }
}
