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
    /// On a page of text alone those glyphs' edges are more than 1 % of the pixels: ``textSettings``
    /// reaches 31.4 dB, p99 33.
    static let textOnlyPercentile99 = 40

    /// Texts whose lines of different lengths are centred and set at the trailing edge, and one
    /// whose `.lineLimit` leaves words out.
    static let textSettings = ScreenCase(
        name: "text-settings",
        layout: .text(
            """
            VStack(spacing: 12) {
                Text("Centred lines of words, the second one longer than the first")
                    .multilineTextAlignment(.center)
                    .frame(width: 220)
                Text("The first line alone is drawn, and the rest is left out of the picture")
                    .lineLimit(1)
                    .frame(maxWidth: 240)
                Text("Lines set at the trailing edge of the frame they share")
                    .font(.footnote).bold().foregroundStyle(.secondary)
                    .multilineTextAlignment(.trailing)
                    .frame(width: 160)
            }
            .padding(20)
            """), query: "style=light&scale=\(DecimalText.format(Showcase.scale))", style: .light)

    /// Every screen in every style in one browser run, each page in a frame of its canvas's size.
    @Test func everyScreenInChromiumIsCloseToItsPNG() throws {
        try SVGFormatTests.withWorkFolder { work in
            let cases = ScreenCase.all + [Self.textSettings]
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
                    referenceFile: "chromium.png", minimumPSNR: Self.minimumPSNR,
                    maximumPercentile99: screenCase.name == Self.textSettings.name
                        ? Self.textOnlyPercentile99 : Self.maximumPercentile99
                ).compare(reference: drawings[index], actual: pictures[index])
            }
        }
    }

    /// A text's modifiers in the page: the alignment as `text-align`, the bold weight and the
    /// secondary colour as drawn, and the words a `.lineLimit` left out kept after the line drawn,
    /// clipped below it.
    @Test func aTextsModifiersAreItsCSS() throws {
        let page = try Self.textSettings.text(.html)
        let rules = ScreenCSSTests.rules(try Self.textSettings.text(.css))
        let centred = try #require(rules[".relief-screen-2"]), limited = try #require(rules[".relief-screen-3"])
        let trailing = try #require(rules[".relief-screen-4"])
        #expect(centred["text-align"] == "center" && limited["text-align"] == nil && trailing["text-align"] == "end")
        #expect(limited["overflow-y"] == "clip" && centred["overflow-y"] == nil)
        #expect(trailing["font-weight"] == "700" && centred["font-weight"] == "400")
        #expect(trailing["color"] != centred["color"] && centred["color"] == "#000000")
        let paragraph = try #require(page.firstMatch(of: /<p class="relief-screen-3">(.*?)<\/p>/)?.output.1)
        let spans = paragraph.matches(of: /<span>(.*?)<\/span>/).map { String($0.output.1) }
        #expect(spans.count == 2, "\(paragraph)")
        #expect(spans.joined(separator: " ") == "The first line alone is drawn, and the rest is left out of the picture")
        // The block of the line drawn is as high as the paragraph, so the rest is below it.
        #expect(ScreenCSSTests.points(limited["height"]) == ScreenCSSTests.points(rules[".relief-screen-3 > span"]?["height"]))
    }
}
