import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `format=svg` against the PNG of the same query, drawn by librsvg and by Chromium at the PNG's
/// scale: every gallery picture, with its icon and words, and samples of the other parameters.
@Suite("SVG format")
struct SVGFormatTests {
    static let minimumPSNR = 42.0
    static let maximumPercentile99 = 8
    static let cases = FormatCase.gallery + FormatCase.samples

    @Test(arguments: cases)
    func matchesThePNGThroughRSVG(_ formatCase: FormatCase) throws {
        let spec = try formatCase.spec(.svg)
        try Self.compareThroughRSVG(
            try Self.svg(spec), scale: spec.output.scale, with: try Self.png(formatCase), name: "svg-rsvg-" + formatCase.name,
            query: formatCase.query)
    }

    /// `svg` drawn by librsvg at `scale` against Relief's PNG of the same query, `actual`, within
    /// the SVG's thresholds; `name` names the comparison and its files.
    static func compareThroughRSVG(
        _ svg: String, scale: Double, with actual: DecodedImage, name: String, query: String
    ) throws {
        try withWorkFolder { work in
            let reference = try PNGDecoder.decode(RSVGConverter.locate().png(svg: svg, in: work, zoom: scale))
            try #require(
                reference.width == actual.width && reference.height == actual.height,
                "rsvg drew \(reference.width)×\(reference.height) pixels, the PNG has \(actual.width)×\(actual.height)")
            try ImageComparison(
                name: name, query: query, source: ("relief.svg", svg), referenceFile: "rsvg.png",
                minimumPSNR: minimumPSNR, maximumPercentile99: maximumPercentile99
            )
            .compare(reference: reference, actual: actual)
        }
    }

    /// One browser run per dozen pictures, on Chromium's CPU and GPU rasterizers, each of which has
    /// one anti-aliasing weakness (see `Chromium.Rasterizer`): a picture passes when one of them
    /// draws it within the thresholds; both results are printed. Chromium draws on white, so the
    /// PNG is compared over white.
    @Test func matchesThePNGThroughChromium() throws {
        try Self.withWorkFolder { work in
            let specs = try Self.cases.map { ($0, try $0.spec(.svg)) }
            for (scale, cases) in Dictionary(grouping: specs, by: { $0.1.output.scale }) {
                var items: [Chromium.Item] = []
                var sources: [String] = []
                for (formatCase, spec) in cases {
                    let svg = try Self.svg(spec)
                    let file = work.appendingPathComponent(formatCase.name + ".svg")
                    try Data(svg.utf8).write(to: file)
                    let (width, height) = try Self.size(ofSVG: svg)
                    items.append(Chromium.Item(file: file, width: width, height: height, embedding: .image))
                    sources.append(svg)
                }
                let drawings = try Chromium.Rasterizer.allCases.map { rasterizer in
                    (rasterizer, try Chromium.drawings(of: items, scale: scale, rasterizer: rasterizer, in: work))
                }
                for (index, (formatCase, _)) in cases.enumerated() {
                    let actual = try Self.png(formatCase).overWhite
                    let results = try drawings.map { rasterizer, images in
                        try ImageComparison(
                            name: "svg-chromium-\(rasterizer)-" + formatCase.name, query: formatCase.query,
                            source: ("relief.svg", sources[index]), referenceFile: "chromium.png",
                            minimumPSNR: Self.minimumPSNR, maximumPercentile99: Self.maximumPercentile99
                        )
                        .compare(reference: images[index], actual: actual, recordsFailure: false)
                    }
                    #expect(
                        results.contains { $0.passes },
                        """
                        \(formatCase.name) (\(formatCase.query)) differs from Chromium's drawing on every rasterizer: \
                        \(results.map { String(format: "%.2f dB, p99 %d", $0.difference.peakSignalToNoiseRatio, $0.difference.percentile99) }); \
                        allowed: PSNR ≥ \(Self.minimumPSNR) dB and p99 ≤ \(Self.maximumPercentile99) on one
                        """)
                }
            }
        }
    }

    /// Well-formed XML, with nothing that runs or loads: no script or foreign object, no `on…`
    /// attribute, and every reference either to the document itself (`#id`) or to data it holds
    /// (`data:`), for the gallery and the samples (colour emoji among them).
    @Test(arguments: cases)
    func isSelfContainedXML(_ formatCase: FormatCase) throws {
        let svg = try Self.svg(formatCase.spec(.svg))
        let reader = ElementReader()
        #expect(reader.read(svg), "the SVG is not well-formed XML: \(reader.error ?? "")")
        #expect(reader.elements.first?.name == "svg")
        for element in reader.elements {
            #expect(!["script", "foreignObject", "iframe", "style"].contains(element.name), "<\(element.name)> in the SVG")
            for (name, value) in element.attributes {
                #expect(!name.lowercased().hasPrefix("on"), "\(name) on <\(element.name)>")
                if name.hasSuffix("href") {
                    #expect(value.hasPrefix("#") || value.hasPrefix("data:image/png;base64,"), "\(name)=\(value.prefix(40))")
                }
                if value.contains("url(") {
                    #expect(value.hasPrefix("url(#"), "\(name)=\(value) refers outside the document")
                }
            }
        }
        #expect(svg.contains("<image") == formatCase.name.contains("emoji"), "only colour glyphs are embedded images")
    }

    @Test func labelsAreEscapedInTheTitle() throws {
        let svg = try Self.svg(RenderSpec.parse(query: "label=%3C%2Fsvg%3E%26%22&format=svg"))
        #expect(svg.contains("<title>Relief: light round button labelled “&lt;/svg&gt;&amp;&quot;”, at rest</title>"))
    }

    @Test func itsSizeInCSSPixelsIsTheRendersSizeInPoints() throws {
        for query in ["", "component=card&scale=3", "shape=capsule&label=Longer%20words&scale=2"] {
            let spec = try RenderSpec.parse(query: query + "&format=svg")
            let png = try PNGDecoder.decode(Renderer().png(for: spec).bytes)
            let (width, height) = try Self.size(ofSVG: Self.svg(spec))
            #expect(width * spec.output.scale == Double(png.width) && height * spec.output.scale == Double(png.height))
        }
    }

    static func svg(_ spec: RenderSpec) throws -> String {
        String(decoding: try Renderer().file(for: spec).bytes, as: UTF8.self)
    }

    /// The PNG of the case, as a client decodes it.
    static func png(_ formatCase: FormatCase) throws -> DecodedImage {
        try PNGDecoder.decode(Renderer().png(for: formatCase.spec(.png)).bytes)
    }

    /// The root's width and height, in CSS pixels.
    static func size(ofSVG svg: String) throws -> (width: Double, height: Double) {
        func attribute(_ name: String) throws -> Double {
            let start = try #require(svg.range(of: " \(name)=\"")).upperBound
            return try #require(Double(svg[start...].prefix { $0 != "\"" }))
        }
        return (try attribute("width"), try attribute("height"))
    }

    static func withWorkFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("relief-formats-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        return try body(work)
    }
}

/// Every element of an XML document with its attributes, in document order.
final class ElementReader: NSObject, XMLParserDelegate {
    private(set) var elements: [(name: String, attributes: [String: String])] = []
    /// Why the document read was not well-formed.
    private(set) var error: String?

    /// Reads the elements of `xml`; false when it is not well-formed (``error`` says why).
    func read(_ xml: String) -> Bool {
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        let parsed = parser.parse()
        error = parser.parserError.map(String.init(describing:))
        return parsed
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
    }
}
