import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec
import Testing

/// `format=svg&scheme=auto`: one document holding every appearance, switched by media queries; each
/// appearance, cut out of it and drawn by librsvg, is the PNG of the query in that appearance's style.
@Suite("SVG of both appearances")
struct SchemeSVGTests {
    /// A query in a light-based and in a dark-based style, and the queries, written out by hand, of the
    /// PNG each appearance must be: light, dark, then their contrast=high variants.
    static let cases: [(query: String, light: String, dark: String)] = [
        ("component=button&style=light", "component=button&style=light", "component=button&style=dark"),
        (
            "component=switch&on=true&style=colorful", "component=switch&on=true&style=light",
            "component=switch&on=true&style=colorful"
        ),
        (
            "component=checkbox&on=true&label=Go&style=light&dark=colorful&color=d8dde6",
            "component=checkbox&on=true&label=Go&style=light&color=d8dde6",
            "component=checkbox&on=true&label=Go&style=colorful&color="
                + RenderSpec.RGB(red: 0xd8, green: 0xdd, blue: 0xe6).mirroredLightness.hex
        ),
    ]

    @Test func theDocumentHoldsEveryAppearanceAndItsMediaQueries() throws {
        let svg = try SVGFormatTests.svg(RenderSpec.parse(query: "format=svg&scheme=auto"))
        for name in ["light", "dark", "light-high", "dark-high"] {
            #expect(svg.contains("<g class=\"appearance-\(name)\">"))
        }
        #expect(svg.contains("@media (prefers-color-scheme: dark) {"))
        #expect(svg.contains("@media (prefers-contrast: more) {"))
        // Both together come last, so they win where both settings hold.
        let both = try #require(svg.range(of: "@media (prefers-color-scheme: dark) and (prefers-contrast: more) {"))
        let contrastOnly = try #require(svg.range(of: "@media (prefers-contrast: more) {"))
        #expect(contrastOnly.lowerBound < both.lowerBound)
        // Read with XMLParser: FoundationXML's XMLDocument leaks the nodes it reads.
        let reader = ElementReader()
        #expect(reader.read(svg), "the SVG is not well-formed XML: \(reader.error ?? "")")
        #expect(reader.elements.first?.name == "svg")
        // fixed keeps the one picture, without a style.
        let fixed = try SVGFormatTests.svg(RenderSpec.parse(query: "format=svg"))
        #expect(!fixed.contains("<style>") && !fixed.contains("appearance-"))
    }

    /// With contrast=high asked for, the two pictures are high already, and the light one shows by default.
    @Test func highContrastHoldsTwoPictures() throws {
        let svg = try SVGFormatTests.svg(RenderSpec.parse(query: "format=svg&scheme=auto&contrast=high"))
        #expect(svg.contains("<g class=\"appearance-light-high\">") && svg.contains("<g class=\"appearance-dark-high\">"))
        #expect(!svg.contains("<g class=\"appearance-light\">"))
        #expect(svg.contains(".appearance-dark-high { display: none }\n.appearance-light-high { display: inline }"))
    }

    @Test(arguments: cases.indices)
    func eachAppearanceIsThePNGOfItsStyle(index: Int) throws {
        let (query, light, dark) = Self.cases[index]
        let spec = try RenderSpec.parse(query: query + "&format=svg&scheme=auto")
        let svg = try SVGFormatTests.svg(spec)
        // The appearances share the margin the largest of them needs.
        let margin = try #require(Renderer().appearances(of: spec).first?.spec.output.margin)
        let expected = [
            ("light", light), ("dark", dark), ("light-high", light + "&contrast=high"), ("dark-high", dark + "&contrast=high"),
        ]
        try SVGFormatTests.withWorkFolder { work in
            for (name, pngQuery) in expected {
                let reference = try PNGDecoder.decode(RSVGConverter.locate().png(svg: Self.only(name, of: svg), in: work))
                let actual = try PNGDecoder.decode(
                    Renderer().png(for: RenderSpec.parse(query: pngQuery + "&margin=\(DecimalText.format(margin))")).bytes)
                try #require(
                    reference.width == actual.width && reference.height == actual.height,
                    "\(name): rsvg drew \(reference.width)×\(reference.height), the PNG has \(actual.width)×\(actual.height)")
                try ImageComparison(
                    name: "scheme-svg-\(index)-\(name)", query: pngQuery, source: ("relief.svg", svg), referenceFile: "rsvg.png",
                    minimumPSNR: 30, maximumPercentile99: SVGFormatTests.maximumPercentile99
                )
                .compare(reference: reference, actual: actual)
            }
        }
    }

    /// The document with its switching rules replaced by ones that show the appearance `name` alone.
    static func only(_ name: String, of svg: String) throws -> String {
        let start = try #require(svg.range(of: "<style>\n")), end = try #require(svg.range(of: "</style>"))
        let hidden = ["light", "dark", "light-high", "dark-high"].map { "g.appearance-" + $0 }.joined(separator: ", ")
        let rules = "\(hidden) { display: none }\ng.appearance-\(name) { display: inline }\n"
        return svg.replacingCharacters(in: start.upperBound..<end.lowerBound, with: rules)
    }
}
