import Foundation
import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

/// `/render?format=…`: every format is served, cached and tagged as PNGs are, with its own type.
@Suite("/render in other formats")
struct FormatRouteTests {
    @Test(arguments: RenderSpec.Format.allCases.filter(\.keys.negotiatedFormats.isEmpty))
    func eachFormatHasItsTypeFileNameAndCaching(format: RenderSpec.Format) async throws {
        let render = CountingRender()
        let app = ReliefApplication.forTesting(render: render.function)
        let query = "style=colorful&pressed=true&format=\(format.rawValue)"
        let response = await app.response("/render?" + query)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == format.mediaType)
        #expect(
            response.header("Content-Disposition")
                == "inline; filename=\"relief-colorful-button-pressed.\(format.fileExtension)\"")
        #expect(response.header("Vary") == nil, "the query alone decides the format")
        // The counting render's entries are final (the real first PNG is not: ShrinkingTests).
        #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
        let tag = EntityTag.forRender(canonicalQuery: try RenderSpec.parse(query: query).canonicalQuery)
        #expect(response.header("ETag") == tag.headerValue)

        let head = await app.response("/render?" + query, method: "HEAD")
        #expect(head.status == 200 && head.header("Content-Type") == format.mediaType && head.body.count == response.body.count)
        let notModified = await app.response("/render?" + query, headers: [("If-None-Match", tag.headerValue)])
        #expect(notModified.status == 304 && notModified.body.isEmpty)
        #expect(render.count == 1, "the HEAD came from the cache and the 304 from the tag alone")
    }

    /// Text draws no pixels: the largest card as SVG costs the scheduler no more than the smallest PNG.
    @Test func aTextFormatCostsNoPixels() throws {
        let largest = "component=card&width=960&height=960&scale=4&margin=32"
        let text = RenderCost.render(try RenderSpec.parse(query: largest + "&format=svg"))
        let smallPNG = RenderCost.render(try RenderSpec.parse(query: "scale=1"))
        #expect(text.work < smallPNG.work && text.memory <= smallPNG.memory)
        #expect(RenderCost.render(try RenderSpec.parse(query: largest)).work > 100 * text.work)
    }

    @Test func formatsOfOneQueryAreSeparateEntries() async {
        let app = ReliefApplication.forTesting()
        let png = await app.response("/render?style=soft")
        let svg = await app.response("/render?style=soft&format=svg")
        let json = await app.response("/render?style=soft&format=json")
        #expect(Set([png.header("ETag"), svg.header("ETag"), json.header("ETag")]).count == 3)
        #expect(String(decoding: svg.body, as: UTF8.self).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        #expect(String(decoding: json.body, as: UTF8.self).hasPrefix("{\n  \"$description\": \"Relief design tokens: soft"))
        #expect(app.cache.statistics.entries == 3)
    }

    @Test(arguments: [
        ("format=gif", "format", "one of png, svg, css, html, swiftui, json, webp, avif, auto"),
        (
            "format=svg&simulate=protanopia", "simulate",
            "none with format=svg; a simulation is drawn into the pixels of format=png, webp, avif, auto"
        ),
        (
            "format=css&simulate=lowvision", "simulate",
            "none with format=css; a simulation is drawn into the pixels of format=png, webp, avif, auto"
        ),
        ("format=avif&component=switch&animate=true", "format", "format=png, format=webp, format=auto with animate=true"),
        ("format=svg&animate=true", "animate", "true with format=png, format=webp, format=auto; false with any format"),
    ])
    func refusedFormatsNameTheParameter(query: String, parameter: String, allowed: String) async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response("/render?" + query, headers: [("Accept", "application/json")])
        #expect(response.status == 400)
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(problem["parameter"] as? String == parameter)
        #expect(problem["allowed"] as? String == allowed)
    }
}
