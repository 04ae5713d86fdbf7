import Foundation
import ReliefRender
import ReliefSpec
import Testing

/// `scheme=auto` in CSS, HTML and SwiftUI: every appearance, under the media queries or the
/// environment values that pick it.
@Suite("CSS, HTML and SwiftUI of both appearances")
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

    /// Each appearance's code is the code of its query alone, its types named after the appearance,
    /// and the preview picks it from the environment in the SVG's order: the most particular setting
    /// first, the light appearance by default.
    @Test(arguments: ["component=toggle&on=true", "component=button&style=colorful&pressed=true"])
    func swiftUIPicksEachAppearanceFromTheEnvironment(query: String) throws {
        let code = try Self.text(query + "&format=swiftui&scheme=auto")
        let spec = try RenderSpec.parse(query: query + "&format=swiftui&scheme=auto")
        let suffixes = [
            "light": "Light", "dark": "Dark", "light-high": "LightIncreasedContrast", "dark-high": "DarkIncreasedContrast",
        ]
        let declared = try Self.declaredTypes(code)
        #expect(Set(declared).count == declared.count, "a type is declared twice: \(declared)")
        for appearance in try spec.appearances() {
            let suffix = try #require(suffixes[appearance.name])
            var alone = appearance.spec
            alone.output.format = .swiftui
            let fixed = String(decoding: try Renderer().file(for: alone).bytes, as: UTF8.self)
            let fixedTypes = try Self.declaredTypes(fixed).filter { $0 != "ReliefPreview" && !$0.hasPrefix("ReliefIcon") }
            #expect(!fixedTypes.isEmpty)
            for type in fixedTypes {
                var block = try Self.declaration(of: type, in: fixed)
                for renamed in fixedTypes {
                    block = block.replacing(try Regex("\\b\(renamed)\\b"), with: renamed + suffix)
                }
                #expect(code.contains(block), "\(appearance.name): \(type) is not its fixed code renamed")
            }
        }
        #expect(code.contains("@Environment(\\.colorScheme) private var colorScheme"))
        #expect(code.contains("@Environment(\\.colorSchemeContrast) private var colorSchemeContrast"))
        let conditions = [
            "if colorScheme == .dark && colorSchemeContrast == .increased {", "} else if colorSchemeContrast == .increased {",
            "} else if colorScheme == .dark {", "} else {",
        ]
        let preview = try Self.declaration(of: "ReliefPreview", in: code)
        let positions = try conditions.map { try #require(preview.range(of: $0), "no branch \($0)").lowerBound }
        #expect(positions == positions.sorted())
        // Each branch shows its appearance's types.
        for (index, suffix) in ["DarkIncreasedContrast", "LightIncreasedContrast", "Dark", "Light"].enumerated() {
            let end = index + 1 < positions.count ? positions[index + 1] : preview.endIndex
            let branch = preview[positions[index]..<end]
            #expect(branch.contains(try Regex("Relief[A-Za-z0-9]+\(suffix)\\(")), "branch \(index) lacks \(suffix)")
        }
    }

    /// The names of the types a SwiftUI file declares, in order.
    static func declaredTypes(_ code: String) throws -> [String] {
        code.matches(of: #/(?m)^struct (\w+)/#).map { String($0.output.1) }
    }

    /// The lines of the top-level declaration of `type`, to its closing brace.
    static func declaration(of type: String, in code: String) throws -> String {
        let start = try #require(code.firstRange(of: try Regex("(?m)^struct \(type)\\b")), "no struct \(type)")
        let end = try #require(code[start.lowerBound...].range(of: "\n}\n"))
        return String(code[start.lowerBound..<end.upperBound])
    }
}
