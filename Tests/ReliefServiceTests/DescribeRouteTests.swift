import Foundation
import ReliefSpec
import Testing

@testable import ReliefService

@Suite("/describe")
struct DescribeRouteTests {
    /// The width and height in an answer's PNG header (IHDR), read from the bytes.
    func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int) {
        func integer(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(at: 16), integer(at: 20))
    }

    func description(_ query: String, app: ReliefApplication) async throws -> [String: Any] {
        let response = await app.response("/describe?" + query)
        try #require(response.status == 200, "\(response.bodyText)")
        #expect(response.header("Content-Type") == "application/json")
        return try #require(response.jsonObject)
    }

    @Test(arguments: [
        ("", "A light round button with a heart icon, at rest"),
        ("style=soft&component=toggle&on=true&icon=power", "A soft round toggle with a power icon, on"),
        ("style=colorful&component=switch&on=true&animate=true", "A colorful switch, changing from off to on"),
        (
            "style=light&shape=rounded&label=Save&pressed=true&contrast=high",
            "A light high-contrast rounded button labelled “Save”, pressed"
        ),
        ("style=dark&simulate=lowvision", "A dark round button with a heart icon, at rest, as seen with low vision"),
    ])
    func saysWhatTheImageShows(query: String, alt: String) async throws {
        let body = try await description(query, app: .forTesting())
        #expect(Set(body.keys) == ["alt", "width", "height", "picture"])
        #expect(body["alt"] as? String == alt)
    }

    /// `picture`: an AVIF and a WebP source, each 1x/2x/3x of `/render` URLs that are those formats
    /// of the query, and the PNG `<img>` with the size and alt text; an animation has no AVIF source.
    @Test func givesAPictureToPaste() async throws {
        let app = ReliefApplication.forTesting()
        let body = try await description("style=soft&label=Save%20%26%20go&shape=capsule", app: app)
        let picture = try #require(body["picture"] as? String)
        let lines = picture.split(separator: "\n").map(String.init)
        #expect(lines.count == 5 && lines.first == "<picture>" && lines.last == "</picture>")
        func urls(_ line: String, attribute: String) -> [String] {
            let value = line.components(separatedBy: attribute + "=\"")[1].components(separatedBy: "\"")[0]
            return value.replacingOccurrences(of: "&amp;", with: "&").components(separatedBy: ", ")
        }
        for (line, format) in zip(lines[1...3], ["avif", "webp", "png"]) {
            #expect(line.hasPrefix(format == "png" ? "  <img " : "  <source type=\"image/\(format)\""))
            let srcset = urls(line, attribute: "srcset")
            #expect(srcset.map { $0.components(separatedBy: " ").last } == ["1x", "2x", "3x"])
            for (scale, entry) in zip([1, 2, 3], srcset) {
                let url = try #require(entry.components(separatedBy: " ").first)
                let spec = try RenderSpec.parse(query: String(url.dropFirst("/render?".count)))
                #expect(spec.output.format.rawValue == format && spec.output.scale == Double(scale))
                #expect(spec.altText == "A soft capsule button labelled “Save & go”, at rest")
            }
        }
        #expect(lines[3].contains("width=\"\(body["width"] as? Int ?? 0)\" height=\"\(body["height"] as? Int ?? 0)\""))
        #expect(lines[3].hasSuffix("alt=\"A soft capsule button labelled “Save &amp; go”, at rest\">"))
        let animated = try await description("component=switch&animate=true", app: app)
        #expect((animated["picture"] as? String)?.contains("image/avif") == false)
    }

    /// A scheme=auto query names its pictures, each with its style and the query that draws it alone.
    @Test func schemeAutoGivesEachAppearance() async throws {
        let body = try await description("style=soft&dark=colorful&format=svg&scheme=auto", app: .forTesting())
        let appearances = try #require(body["appearances"] as? [[String: String]])
        #expect(appearances.map { $0["name"] } == ["light", "dark", "light-high", "dark-high"])
        #expect(appearances.map { $0["style"] } == ["soft", "colorful", "soft", "colorful"])
        for appearance in appearances {
            let spec = try RenderSpec.parse(query: try #require(appearance["query"]))
            #expect(spec.look.style.rawValue == appearance["style"] && spec.output.scheme == .fixed)
            #expect((spec.look.contrast == .high) == (appearance["name"]?.hasSuffix("-high") == true))
        }
    }

    /// The size is the image's in points: the PNG's pixels over its scale, text and light included.
    @Test(arguments: [
        "", "scale=2", "label=A%20longer%20label%20than%20fits&shape=rounded", "light=135&scale=3", "component=card",
    ])
    func givesTheSizeOfTheImageInPoints(query: String) async throws {
        let app = ReliefApplication.forTesting(cacheBytes: 16 << 20)
        let body = try await description(query, app: app)
        let render = await app.response("/render?" + query)
        try #require(render.status == 200)
        let scale = try RenderSpec.parse(query: query).output.scale
        let pixels = pngSize(render.body)
        #expect(body["width"] as? Int == Int((Double(pixels.width) / scale).rounded()))
        #expect(body["height"] as? Int == Int((Double(pixels.height) / scale).rounded()))
    }

    @Test func refusedQueriesGetTheSameProblemAsRender() async throws {
        let app = ReliefApplication.forTesting()
        let describe = await app.response("/describe?steps=oops")
        let render = await app.response("/render?steps=oops")
        #expect(describe.status == 400)
        #expect(describe.bodyText == render.bodyText)
    }

    /// The gallery's pictures carry the same description `/describe` gives for their queries.
    @Test func everyGalleryPictureIsDescribed() async throws {
        let app = ReliefApplication.forTesting(cacheBytes: 16 << 20)
        let gallery = try #require(OpenAPIDocument.gallery.members.first { $0.name == "groups" })
        let published = try #require(
            try JSONSerialization.jsonObject(with: Data(gallery.value.serialized())) as? [[String: Any]])
        let entries = published.flatMap { $0["entries"] as? [[String: Any]] ?? [] }
        #expect(entries.count == Showcase.groups.map(\.entries.count).reduce(0, +))
        for (entry, showcased) in zip(entries, Showcase.groups.flatMap(\.entries)) {
            let pictures = try #require(entry["pictures"] as? [String: [String: Any]])
            #expect(Set(pictures.keys) == Set(Showcase.styles.map(\.rawValue)))
            let style = try #require(Showcase.styles.first)
            let query = showcased.query(style: style) + "&scale=" + DecimalText.format(Showcase.scale)
            let answer = try await description(query, app: app)
            #expect(pictures[style.rawValue]?["alt"] as? String == answer["alt"] as? String)
            #expect(pictures[style.rawValue]?["width"] as? Int == answer["width"] as? Int)
        }
    }
}
