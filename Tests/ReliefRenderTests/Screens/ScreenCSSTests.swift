import Foundation
import ReliefSpec
import Testing

/// A screen's `format=css`: the canvas rule and one class per element, `.relief-screen-N` in source
/// order, each placed where the design tokens say its frame is; the HTML page holds exactly it.
@Suite("A screen's CSS")
struct ScreenCSSTests {
    /// Each rule of `css` by its selector, its declarations by property.
    static func rules(_ css: String) -> [String: [String: String]] {
        var rules: [String: [String: String]] = [:]
        for block in css.split(separator: "}") {
            let parts = block.split(separator: "{", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let selector = parts[0].split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            for declaration in parts[1].split(separator: ";") {
                let pair = declaration.split(separator: ":", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                if pair.count == 2 { rules[selector, default: [:]][pair[0]] = pair[1] }
            }
        }
        return rules
    }

    /// `12.5px` as 12.5; `0` as 0.
    static func points(_ length: String?) -> Double? {
        length.flatMap { Double($0.hasSuffix("px") ? String($0.dropLast(2)) : $0) }
    }

    @Test(arguments: ScreenCase.all)
    func everyElementHasItsClassPlacedAtItsFrame(_ screenCase: ScreenCase) throws {
        let css = try screenCase.text(.css)
        let rules = Self.rules(css)
        // The canvas the tokens give, which is the PNG's (ScreenTokenTests).
        let canvas = try #require(rules[".relief-canvas"])
        let size = try #require(try ScreenTokenTests.document(of: screenCase)["relief"] as? [String: Any])["size"]
        let tokens = try #require((size as? [String: Any])?["canvas"] as? [String: [String: Any]])
        #expect(Self.points(canvas["width"]) == DesignTokenTests.points(tokens["width"]?["$value"]))
        #expect(Self.points(canvas["height"]) == DesignTokenTests.points(tokens["height"]?["$value"]))
        let elements = try ScreenTokenTests.elements(of: screenCase)
        for (index, element) in elements.enumerated() {
            let className = "relief-screen-\(index + 1)"
            #expect(element.key == className)
            let frame = try ScreenTokenTests.frame(of: element.value)
            let name = try ScreenTokenTests.elementName(of: element.value)
            if let placement = rules[".relief-canvas > .\(className)"] {
                // A component's element is placed by its outline, inside its frame.
                let (left, top) = (try #require(Self.points(placement["left"])), try #require(Self.points(placement["top"])))
                #expect(
                    left >= frame.minX - 1e-3 && left < frame.maxX && top >= frame.minY - 1e-3 && top < frame.maxY, "\(className)"
                )
                #expect(rules[".\(className)"]?["width"] != nil, "\(className) has no size")
            } else {
                let rule = try #require(rules[".\(className)"], "no rule for \(className), a \(name)")
                #expect(rule["position"] == "absolute")
                let left = try #require(Self.points(rule["left"])), top = try #require(Self.points(rule["top"]))
                // A stack's box is the space it takes, its frame and padding; the others' their frame.
                let isStack = name.hasSuffix("Stack")
                #expect(
                    isStack ? left <= frame.minX && top <= frame.minY : (left, top) == (frame.minX, frame.minY), "\(className)")
            }
        }
        #expect(rules[".relief-screen-\(elements.count + 1)"] == nil)
    }

    @Test func theHTMLPageHoldsExactlyTheStylesheet() throws {
        let screenCase = try #require(ScreenCase.all.first { $0.name == "settings-colorful" })
        let css = try screenCase.text(.css), page = try screenCase.text(.html)
        let style = try #require(page.firstRange(of: "<style>\n")?.upperBound)
        let end = try #require(page.firstRange(of: "</style>")?.lowerBound)
        #expect(page[style..<end].hasSuffix("\n" + css))
        #expect(page[style..<end].hasPrefix("html, body {\n  margin: 0;\n}\n\n.relief-heading {"))
    }

    /// A text's lines are blocks of the drawn line's height, its baseline held at the drawn ascent.
    @Test func aTextsLinesAreWhereTheDrawingBrokeThem() throws {
        let screenCase = try #require(ScreenCase.all.first { $0.name == "menu-cell-ax3-light" })
        let rules = Self.rules(try screenCase.text(.css))
        let description = try #require(
            ScreenTokenTests.elements(of: screenCase).firstIndex {
                ($0.value["$description"] as? String)?.hasPrefix("Text at line 6,") == true
            })
        let className = ".relief-screen-\(description + 1)"
        #expect(rules[className]?["white-space"] == "pre")
        #expect(rules[className]?["font-size"] == "36px")
        let line = try #require(rules[className + " > span"])
        #expect(line["display"] == "block" && line["line-height"] == "0")
        let strut = try #require(rules[className + " > span::before"])
        let height = try #require(Self.points(line["height"])), ascent = try #require(Self.points(strut["height"]))
        #expect(ascent > 0.7 * height && ascent < height)
        let page = try screenCase.text(.html)
        #expect(page.contains("<span>Tomato sauce,</span><span>mozzarella, basil</span></p>"), "\(page)")
    }
}
