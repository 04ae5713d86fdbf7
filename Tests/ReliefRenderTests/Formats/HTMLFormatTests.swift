import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

/// `format=html` drawn by Chromium against the PNG of the same query, for every gallery picture.
/// CSS cannot chain shadows or fade an inset shadow with a mask, so the page is the closest CSS
/// comes, not the picture itself: the light and soft styles, whose relief is all shadows, must
/// reach `minimumPSNR` in every picture; every style's numbers are printed for docs/FORMATS.md.
@Suite("HTML format")
struct HTMLFormatTests {
    static let minimumPSNR: [RenderSpec.Style: Double] = [.light: 32, .soft: 32]

    @Test func theGalleryInChromiumIsCloseToThePNG() throws {
        try SVGFormatTests.withWorkFolder { work in
            let cases = FormatCase.gallery
            var items: [Chromium.Item] = []
            var pages: [String] = []
            for formatCase in cases {
                let spec = try formatCase.spec(.html)
                let page = String(decoding: try Renderer().file(for: spec).bytes, as: UTF8.self)
                let file = work.appendingPathComponent(formatCase.name + ".html")
                try Data(page.utf8).write(to: file)
                let (width, height) = spec.pixelSize
                items.append(Chromium.Item(file: file, width: Double(width) / spec.output.scale, height: Double(height) / spec.output.scale,
                                           embedding: .frame))
                pages.append(page)
            }
            let drawings = try Chromium.drawings(of: items, scale: Showcase.scale, in: work)
            var byStyle: [RenderSpec.Style: [Double]] = [:]
            for (index, formatCase) in cases.enumerated() {
                let minimum = Self.minimumPSNR[formatCase.style] ?? 0
                let (difference, _) = try ImageComparison(
                    name: "html-chromium-" + formatCase.name, query: formatCase.query, source: ("relief.html", pages[index]),
                    referenceFile: "chromium.png", minimumPSNR: minimum, maximumPercentile99: 255
                ).compare(reference: drawings[index], actual: SVGFormatTests.png(formatCase).overWhite)
                byStyle[formatCase.style, default: []].append(difference.peakSignalToNoiseRatio)
            }
            for style in RenderSpec.Style.allCases {
                let values = byStyle[style] ?? []
                print(String(format: "html-chromium %@: PSNR min %.1f dB, median %.1f dB over %d pictures", style.rawValue,
                             values.min() ?? 0, values.sorted()[values.count / 2], values.count))
            }
        }
    }
}
