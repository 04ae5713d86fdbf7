import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

/// A screen's `format=html`: a page of live elements and real text whose picture in Chromium is
/// close to the screen's PNG, and whose markup is the layout's elements in source order.
@Suite("A screen's HTML")
struct ScreenHTMLTests {
    /// CSS cannot chain shadows or fade an inset shadow, and Chromium puts each line of text on a
    /// whole device pixel where Relief puts it where the layout says: the pages reach 32.6–42.8 dB,
    /// p99 at most 22 (docs/FORMATS.md gives each), the menu's large text the lowest.
    static let minimumPSNR = 30.0
    static let maximumPercentile99 = 30

    /// Every screen in every style in one browser run, each page in a frame of its canvas's size.
    @Test func everyScreenInChromiumIsCloseToItsPNG() throws {
        try SVGFormatTests.withWorkFolder { work in
            let cases = ScreenCase.all
            var items: [Chromium.Item] = []
            var pages: [String] = []
            var pictures: [DecodedImage] = []
            for screenCase in cases {
                let page = try screenCase.text(.html)
                let file = work.appendingPathComponent(screenCase.name + ".html")
                try Data(page.utf8).write(to: file)
                let png = try screenCase.png()
                items.append(
                    Chromium.Item(
                        file: file, width: Double(png.width) / Showcase.scale, height: Double(png.height) / Showcase.scale,
                        embedding: .frame))
                pages.append(page)
                pictures.append(png.overWhite)
            }
            let drawings = try Chromium.drawings(of: items, scale: Showcase.scale, in: work)
            for (index, screenCase) in cases.enumerated() {
                try ImageComparison(
                    name: "screen-html-" + screenCase.name, query: screenCase.query, source: ("relief.html", pages[index]),
                    referenceFile: "chromium.png", minimumPSNR: Self.minimumPSNR, maximumPercentile99: Self.maximumPercentile99
                ).compare(reference: drawings[index], actual: pictures[index])
            }
        }
    }
}
