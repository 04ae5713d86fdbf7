import Foundation
import ReliefGeometry
import ReliefRender
import ReliefScene
import ReliefSpec
import Testing

/// `format=json`: design tokens in the documented shape (docs/FORMATS.md), whose surface and
/// shadows are the scene's.
@Suite("Design tokens")
struct DesignTokenTests {
    static func tokens(_ query: String) throws -> [String: Any] {
        let bytes = try Renderer().file(for: RenderSpec.parse(query: query + "&format=json")).bytes
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test(arguments: FormatCase.gallery + FormatCase.samples)
    func followTheDocumentedShape(_ formatCase: FormatCase) throws {
        let document = try Self.tokens(formatCase.query)
        #expect(Set(document.keys) == ["$description", "relief"])
        let relief = try #require(document["relief"] as? [String: Any])
        #expect(Set(relief.keys).isSubset(of: ["color", "shadow", "radius", "size", "font"]))
        Self.checkGroup(relief, path: "relief")
    }

    /// The first surface's face and outer shadows, read from the view tree as built, are the tokens'.
    @Test(arguments: FormatCase.gallery)
    func surfaceAndShadowsAreTheScenes(_ formatCase: FormatCase) throws {
        let scene = try Renderer().scene(for: formatCase.spec(.json))
        var view = scene.content
        var shadows: [Shadow] = []
        while true {
            switch view {
            case .shadow(let child, let shadow):
                shadows.insert(shadow, at: 0)
                view = child
            case .overlay(let base, _), .frame(let base, _, _), .padding(let base, _):
                view = base
            case .zStack(let children):
                view = try #require(children.first)
            case .hStack(let children, _):
                // A checkbox's or radio button's row: the box beside its words, on either side.
                view = try #require(children.first { if case .text = $0 { false } else { true } })
            case .fill(_, let fill):
                let relief = try #require(Self.tokens(formatCase.query)["relief"] as? [String: Any])
                let face = try #require(Self.member(relief, "color", "surface", "face") as? [String: Any])
                switch fill {
                case .color(let color):
                    #expect(face["$type"] as? String == "color")
                    #expect(face["$value"] as? String == Self.hex(color))
                case .linearGradient(let from, let to, _, _):
                    #expect(face["$type"] as? String == "gradient")
                    let stops = try #require(face["$value"] as? [[String: Any]])
                    #expect(stops.map { $0["color"] as? String } == [Self.hex(from), Self.hex(to)])
                }
                let outer = Self.member(relief, "shadow", "surface", "outer") as? [String: Any]
                let values = outer?["$value"] as? [[String: Any]] ?? []
                #expect(values.count == shadows.count)
                for (value, shadow) in zip(values, shadows) {
                    #expect(value["color"] as? String == Self.hex(shadow.color))
                    #expect(value["offsetX"] as? String == DecimalText.format(shadow.x) + "px")
                    #expect(value["offsetY"] as? String == DecimalText.format(shadow.y) + "px")
                    #expect(value["blur"] as? String == DecimalText.format(2 * shadow.radius) + "px")
                }
                return
            default:
                Issue.record("\(formatCase.name): no fill under \(view)")
                return
            }
        }
    }

    @Test func theDefaultButtonsTokens() throws {
        let relief = try #require(Self.tokens("")["relief"] as? [String: Any])
        let outer = try #require(Self.member(relief, "shadow", "surface", "outer") as? [String: Any])
        let first = try #require((outer["$value"] as? [[String: Any]])?.first)
        #expect(first["color"] as? String == "#00000033")
        #expect(
            first["offsetX"] as? String == "10px" && first["blur"] as? String == "20px" && first["spread"] as? String == "0px")
        let swiftUI = Self.member(outer, "$extensions", "org.relief", "swiftui") as? [[String: Double]]
        #expect(swiftUI?.first == ["radius": 10, "x": 10, "y": 10])
        #expect((Self.member(relief, "color", "icon") as? [String: Any])?["$value"] as? String == "#8e8e93")
        #expect((Self.member(relief, "radius", "surface") as? [String: Any])?["$value"] as? String == "40px")
        #expect((Self.member(relief, "size", "canvas", "width") as? [String: Any])?["$value"] as? String == "160px")
    }

    @Test func textIsATypographyToken() throws {
        let relief = try #require(
            Self.tokens("shape=capsule&label=Caf%C3%A9%20%22ok%22&font=serif&lang=fr")["relief"] as? [String: Any])
        let font = try #require(Self.member(relief, "font", "text") as? [String: Any])
        #expect(font["$type"] as? String == "typography")
        let value = try #require(font["$value"] as? [String: Any])
        #expect(value["fontFamily"] as? [String] == ["Noto Serif", "serif"])
        #expect(value["fontSize"] as? String == "17px" && value["fontWeight"] as? Int == 400)
        #expect((Self.member(relief, "color", "text") as? [String: Any])?["$description"] as? String == "Café \"ok\"")
    }

    // MARK: The shape of docs/FORMATS.md

    static var dimension: Regex<(Substring, Substring?)> { #/-?[0-9]+(\.[0-9]+)?px/# }
    static var colour: Regex<(Substring, Substring?)> { #/#[0-9a-f]{6}([0-9a-f]{2})?/# }

    /// A group holds groups and tokens, a token a `$type` and a `$value` of that type's shape.
    static func checkGroup(_ group: [String: Any], path: String) {
        if let type = group["$type"] as? String {
            checkToken(type: type, value: group["$value"], path: path)
            #expect(Set(group.keys).isSubset(of: ["$type", "$value", "$description", "$extensions"]), "\(path): \(group.keys)")
            return
        }
        #expect(!group.isEmpty, "\(path) is an empty group")
        for (name, member) in group {
            guard let member = member as? [String: Any] else {
                Issue.record("\(path).\(name) is neither a group nor a token")
                continue
            }
            checkGroup(member, path: path + "." + name)
        }
    }

    static func checkToken(type: String, value: Any?, path: String) {
        switch type {
        case "color":
            #expect((value as? String)?.wholeMatch(of: colour) != nil, "\(path): \(String(describing: value))")
        case "dimension":
            #expect((value as? String)?.wholeMatch(of: dimension) != nil, "\(path): \(String(describing: value))")
        case "gradient":
            let stops = value as? [[String: Any]] ?? []
            #expect(
                stops.count == 2
                    && stops.allSatisfy {
                        ($0["color"] as? String)?.wholeMatch(of: colour) != nil
                            && ($0["position"] as? Double).map { $0 == 0 || $0 == 1 } == true
                    },
                "\(path): \(String(describing: value))")
        case "shadow":
            let layers = value as? [[String: Any]] ?? []
            #expect(!layers.isEmpty, "\(path) has no shadows")
            for layer in layers {
                #expect((layer["color"] as? String)?.wholeMatch(of: colour) != nil, "\(path): \(layer)")
                for field in ["offsetX", "offsetY", "blur", "spread"] {
                    #expect((layer[field] as? String)?.wholeMatch(of: dimension) != nil, "\(path).\(field): \(layer)")
                }
                #expect(Set(layer.keys).isSubset(of: ["color", "offsetX", "offsetY", "blur", "spread", "inset"]))
            }
        case "typography":
            let typography = value as? [String: Any] ?? [:]
            #expect(typography["fontFamily"] is [String] && typography["fontWeight"] is Int, "\(path): \(typography)")
            #expect((typography["fontSize"] as? String)?.wholeMatch(of: dimension) != nil, "\(path): \(typography)")
        default:
            Issue.record("\(path) has the unknown $type \(type)")
        }
    }

    static func member(_ object: [String: Any], _ names: String...) -> Any? {
        names.reduce(object as Any?) { ($0 as? [String: Any])?[$1] }
    }

    static func hex(_ color: Color) -> String {
        let bytes = [color.red, color.green, color.blue] + (color.alpha < 1 ? [color.alpha] : [])
        return "#" + bytes.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
    }
}
