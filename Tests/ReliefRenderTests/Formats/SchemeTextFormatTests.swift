import Foundation
import ReliefRender
import ReliefSpec
import Testing

/// `scheme=auto` in CSS and HTML: every appearance, under the media queries that pick it.
@Suite("CSS and HTML of both appearances")
struct SchemeTextFormatTests {
    static func text(_ query: String) throws -> String {
        String(decoding: try Renderer().file(for: RenderSpec.parse(query: query)).bytes, as: UTF8.self)
    }

    /// The rules of a fixed query, without the leading comment.
    static func rules(_ query: String) throws -> String {
        let css = try text(query + "&format=css")
        return String(css[try #require(css.range(of: "*/\n")).upperBound...])
    }

    @Test func cssHoldsEachAppearanceInItsMediaQuery() throws {
        let css = try Self.text("component=switch&on=true&format=css&scheme=auto")
        let blocks: [(media: String, query: String)] = [
            ("(prefers-color-scheme: dark)", "component=switch&on=true&style=dark"),
            ("(prefers-contrast: more)", "component=switch&on=true&contrast=high"),
            ("(prefers-color-scheme: dark) and (prefers-contrast: more)", "component=switch&on=true&style=dark&contrast=high"),
        ]
        // The light rules first, outside any media query.
        let light = try Self.rules("component=switch&on=true")
        let firstMedia = try #require(css.range(of: "@media "))
        #expect(css[..<firstMedia.lowerBound].hasSuffix(light + "\n"))
        var searchFrom = firstMedia.lowerBound
        for (media, query) in blocks {
            let indented = try Self.rules(query).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
            let block = try #require(css.range(of: "@media \(media) {\n" + indented + "\n}\n"), "no block for \(media)")
            // In the order in which later blocks win.
            #expect(block.lowerBound >= searchFrom)
            searchFrom = block.upperBound
        }
    }

    @Test func htmlIsAPictureOfEveryAppearancesPNG() throws {
        let html = try Self.text("component=button&style=soft&dark=colorful&format=html&scheme=auto")
        let sources = html.components(separatedBy: "<source ").dropFirst()
        let media = sources.map { $0.components(separatedBy: "\"")[1] }
        #expect(
            media == [
                "(prefers-color-scheme: dark) and (prefers-contrast: more)", "(prefers-contrast: more)",
                "(prefers-color-scheme: dark)",
            ])
        #expect(html.contains("<picture>") && html.contains("<img src=\"/render?"))
        // Each source set names the PNGs of one style and contrast at 1x, 2x and 3x.
        let expected: [(style: RenderSpec.Style, contrast: RenderSpec.Contrast)] = [
            (.colorful, .high), (.soft, .high), (.colorful, .standard),
        ]
        for (source, (style, contrast)) in zip(sources, expected) {
            let set = source.components(separatedBy: "srcset=\"")[1].prefix { $0 != "\"" }
                .replacingOccurrences(of: "&amp;", with: "&")
            let candidates = set.components(separatedBy: ", ")
            #expect(candidates.map { $0.components(separatedBy: " ").last } == ["1x", "2x", "3x"])
            for (candidate, scale) in zip(candidates, [1.0, 2, 3]) {
                let url = try #require(candidate.components(separatedBy: " ").first)
                #expect(url.hasPrefix("/render?"))
                let spec = try RenderSpec.parse(query: String(url.dropFirst("/render?".count)))
                #expect(spec.look.style == style && spec.look.contrast == contrast)
                #expect(spec.output.format == .png && spec.output.scheme == .fixed && spec.output.scale == scale)
            }
        }
        let image = try #require(html.components(separatedBy: "<img src=\"").last?.prefix { $0 != "\"" })
        let light = try RenderSpec.parse(
            query: String(image.replacingOccurrences(of: "&amp;", with: "&").dropFirst("/render?".count)))
        #expect(light.look.style == .soft && light.look.contrast == .standard && light.output.format == .png)
    }
}
