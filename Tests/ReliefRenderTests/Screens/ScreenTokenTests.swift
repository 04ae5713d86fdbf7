import Foundation
import ReliefGeometry
import ReliefRender
import ReliefScene
import ReliefSpec
import Testing

/// A screen's `format=json`: the screen's canvas, margin and background, and a group for every
/// element of the layout in source order, with its frame on the canvas, its element and line, and
/// a component's tokens exactly as its own `format=json` (its one-element screen's) gives them.
@Suite("A screen's design tokens")
struct ScreenTokenTests {
    static func document(of screenCase: ScreenCase) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(screenCase.file(.json))) as? [String: Any])
    }

    /// The element groups, `relief-screen-1` first.
    static func elements(of screenCase: ScreenCase) throws -> [(key: String, value: [String: Any])] {
        let relief = try #require(document(of: screenCase)["relief"] as? [String: Any])
        let elements = try #require(relief["elements"] as? [String: [String: Any]])
        return elements.sorted { number($0.key) < number($1.key) }.map { ($0.key, $0.value) }
    }

    private static func number(_ key: String) -> Int {
        Int(key.split(separator: "-").last ?? "") ?? 0
    }

    static func frame(of element: [String: Any]) throws -> Rect {
        let frame = try #require(element["frame"] as? [String: [String: Any]])
        func value(_ name: String) throws -> Double {
            #expect(frame[name]?["$type"] as? String == "dimension")
            return try #require(DesignTokenTests.points(frame[name]?["$value"]))
        }
        return Rect(x: try value("x"), y: try value("y"), width: try value("width"), height: try value("height"))
    }

    static func about(_ element: [String: Any]) throws -> [String: Any] {
        let extensions = try #require(element["$extensions"] as? [String: Any])
        return try #require(extensions["org.relief"] as? [String: Any])
    }

    static func elementName(of element: [String: Any]) throws -> String {
        try #require(about(element)["element"] as? String)
    }

    @Test(arguments: ScreenCase.all)
    func everyElementIsThereInSourceOrderWithItsFrame(_ screenCase: ScreenCase) throws {
        let document = try Self.document(of: screenCase)
        #expect(Set(document.keys) == ["$description", "relief"])
        let relief = try #require(document["relief"] as? [String: Any])
        #expect(Set(relief.keys) == ["color", "size", "elements"])
        let png = try screenCase.png()
        let size = try #require(relief["size"] as? [String: Any])
        let canvas = try #require(size["canvas"] as? [String: [String: Any]])
        #expect(DesignTokenTests.points(canvas["width"]?["$value"]) == Double(png.width) / Showcase.scale)
        #expect(DesignTokenTests.points(canvas["height"]?["$value"]) == Double(png.height) / Showcase.scale)
        let inset = try #require(DesignTokenTests.points((size["margin"] as? [String: Any])?["$value"]))

        // The layout's elements as written, one a line, in source order.
        let written = try screenCase.layoutText().split(separator: "\n").compactMap { line -> String? in
            let name = line.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter }
            return name.isEmpty ? nil : String(name)
        }
        let elements = try Self.elements(of: screenCase)
        #expect(try elements.map { try Self.elementName(of: $0.value) } == written)
        for (index, element) in elements.enumerated() {
            #expect(element.key == "relief-screen-\(index + 1)")
            let about = try Self.about(element.value)
            let line = try #require(about["line"] as? Int), column = try #require(about["column"] as? Int)
            let source = try screenCase.layoutText().split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
            #expect(source.dropFirst(column - 1).hasPrefix(try Self.elementName(of: element.value)))
            // Every frame lies on the canvas, inside the margin.
            let frame = try Self.frame(of: element.value)
            #expect(frame.minX >= inset && frame.minY >= inset, "\(element.key)")
            #expect(frame.maxX <= Double(png.width) / Showcase.scale - inset + 0.5, "\(element.key)")
        }
    }

    /// A component's group holds the tokens its own `format=json` gives, from the `/render` query
    /// beside them: that render's one element's, wherever the component stands.
    @Test func aComponentsTokensAreItsOwnFormatJSONs() throws {
        let screenCase = try #require(ScreenCase.all.first { $0.name == "player-colorful" })
        var components = 0
        for (key, element) in try Self.elements(of: screenCase) {
            guard let render = try Self.about(element)["render"] as? String else { continue }
            components += 1
            let query = try #require(render.split(separator: "?", maxSplits: 1).last).split(separator: "&")
                .filter { !$0.hasPrefix("format=") }.joined(separator: "&")
            let own = try DesignTokenTests.component(query)
            let placing = ["$description", "$extensions", "frame"]
            #expect(Set(element.keys) == Set(own.keys), "\(key)")
            for (group, tokens) in own where !placing.contains(group) {
                #expect((element[group] as? NSDictionary) == (tokens as? NSDictionary), "\(key): \(group)")
            }
        }
        #expect(components == 5)
    }

    /// A text's colour and font (its line as high as the text's frame), an icon's colour and size, a
    /// divider's colour, a panel's background.
    @Test func theLayoutsOwnElementsHaveTheirTokens() throws {
        let screenCase = try #require(ScreenCase.all.first { $0.name == "settings-light" })
        let elements = try Self.elements(of: screenCase).map(\.value)
        func element(_ description: String) throws -> [String: Any] {
            try #require(elements.first { ($0["$description"] as? String)?.hasPrefix(description) == true })
        }
        func value(_ element: [String: Any], _ path: String...) -> Any? {
            var node: Any? = element
            for name in path { node = (node as? [String: Any])?[name] }
            return (node as? [String: Any])?["$value"]
        }
        let title = try element("Text at line 2,")
        let black = try #require(value(title, "color", "text") as? [String: Any])
        #expect(black["hex"] as? String == "#000000" && black["alpha"] == nil)
        let font = try #require(value(title, "font", "text") as? [String: Any])
        #expect(DesignTokenTests.points(font["fontSize"]) == 34 && font["fontWeight"] as? Int == 400)
        let lineHeight = try #require(font["lineHeight"] as? Double)
        #expect(abs(lineHeight * 34 - (try Self.frame(of: title).height)) < 0.01)
        #expect(DesignTokenTests.points(value(try element("Image at line 4,"), "size", "icon")) == 17)
        let divider = try #require(value(try element("Divider at line 9,"), "color", "divider") as? [String: Any])
        #expect(divider["hex"] as? String == "#000000" && divider["alpha"] as? Double == 0.2)
        #expect(value(try element("VStack at line 20,"), "color", "background") != nil)
        #expect(value(try element("VStack at line 1,"), "color", "background") == nil)
    }

    /// The sign-in form: the card's frame the size of what it holds, around its fields, each the
    /// card's width less its padding; the bold title's weight and the secondary text's colour as drawn.
    @Test func aPanelAndItsContentAndTextModifiersHaveTheirTokens() throws {
        let screenCase = try #require(ScreenCase.all.first { $0.name == "sign-in-light" })
        let elements = try Self.elements(of: screenCase).map(\.value)
        func element(_ description: String) throws -> [String: Any] {
            try #require(elements.first { ($0["$description"] as? String)?.hasPrefix(description) == true })
        }
        let card = try Self.frame(of: try element("Card at line 4,"))
        for line in [6, 7] {
            let field = try Self.frame(of: try element("TextField at line \(line),"))
            #expect(field.width == card.width - 40 && field.minX == card.minX + 20)
            #expect(field.minY >= card.minY + 20 && field.maxY <= card.maxY - 20)
        }
        let title = try element("Text at line 2,"), secondary = try element("Text at line 3,")
        let font = (title["font"] as? [String: Any]).flatMap { $0["text"] as? [String: Any] }?["$value"] as? [String: Any]
        #expect(font?["fontWeight"] as? Int == 700)
        let colour = (secondary["color"] as? [String: Any]).flatMap { $0["text"] as? [String: Any] }?["$value"] as? [String: Any]
        let drawn = ScreenDrawing.textColor(.secondary, on: .color(Palette.offWhite))
        #expect(
            colour?["hex"] as? String == "#"
                + [drawn.red, drawn.green, drawn.blue].map { channel in
                    let byte = Int((channel * 255).rounded())
                    return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
                }.joined())
    }
}
