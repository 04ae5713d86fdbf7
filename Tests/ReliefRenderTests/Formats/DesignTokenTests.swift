import Foundation
import ReliefGeometry
import ReliefRender
import ReliefScene
import ReliefSpec
import Testing

/// `format=json`: design tokens in the Design Tokens Community Group's format 2025.10, in the
/// documented groups (docs/FORMATS.md): a component's are its one-element screen's, the canvas's
/// under `relief` and the component's own, whose surface and shadows are the scene's, under
/// `relief.elements.relief-screen-1` (``DesignTokenSchemaTests`` holds every answer to the format's
/// own schema).
@Suite("Design tokens")
struct DesignTokenTests {
    static func tokens(_ query: String) throws -> [String: Any] {
        let bytes = try Renderer().file(for: RenderSpec.parse(query: query + "&format=json")).bytes
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// The component's own group: the one element of its screen.
    static func component(_ query: String) throws -> [String: Any] {
        try #require(member(try tokens(query), "relief", "elements", "relief-screen-1") as? [String: Any])
    }

    @Test(arguments: FormatCase.gallery + FormatCase.samples)
    func followTheDocumentedShape(_ formatCase: FormatCase) throws {
        let document = try Self.tokens(formatCase.query)
        #expect(Set(document.keys) == ["$description", "relief"])
        let relief = try #require(document["relief"] as? [String: Any])
        #expect(Set(relief.keys).isSubset(of: ["color", "size", "elements"]))
        #expect(Set((relief["color"] as? [String: Any] ?? [:]).keys).isSubset(of: ["background"]))
        #expect(Set((relief["size"] as? [String: Any] ?? [:]).keys) == ["canvas", "margin", "layout"])
        let elements = try #require(relief["elements"] as? [String: Any])
        #expect(Array(elements.keys) == ["relief-screen-1"])
        let component = try Self.component(formatCase.query)
        #expect(
            Set(component.keys).isSubset(of: [
                "$description", "$extensions", "frame", "color", "shadow", "radius", "size", "font",
            ]))
        let spec = try formatCase.spec(.json)
        #expect(component["$description"] as? String == spec.component.kind.options.layoutName + " at line 1, column 1")
        // Its picture alone is the same component.
        let render = try #require(Self.member(component, "$extensions", "org.relief", "render") as? String)
        #expect(render.hasPrefix("/render?"))
        #expect(try RenderSpec.parse(query: String(render.dropFirst("/render?".count))).component == spec.component)
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
                let relief = try Self.component(formatCase.query)
                let face = try #require(Self.member(relief, "color", "surface", "face") as? [String: Any])
                switch fill {
                case .color(let color):
                    #expect(face["$type"] as? String == "color")
                    #expect(Self.isColour(face["$value"], color))
                case .linearGradient(let from, let to, _, _):
                    #expect(face["$type"] as? String == "gradient")
                    let stops = try #require(face["$value"] as? [[String: Any]])
                    #expect(stops.count == 2 && Self.isColour(stops[0]["color"], from) && Self.isColour(stops[1]["color"], to))
                }
                let outer = Self.member(relief, "shadow", "surface", "outer") as? [String: Any]
                let values = outer?["$value"] as? [[String: Any]] ?? []
                #expect(values.count == shadows.count)
                for (value, shadow) in zip(values, shadows) {
                    #expect(Self.isColour(value["color"], shadow.color))
                    #expect(Self.points(value["offsetX"]) == shadow.x && Self.points(value["offsetY"]) == shadow.y)
                    #expect(Self.points(value["blur"]) == 2 * shadow.radius && value["inset"] == nil)
                }
                return
            default:
                Issue.record("\(formatCase.name): no fill under \(view)")
                return
            }
        }
    }

    @Test func theDefaultButtonsTokens() throws {
        let relief = try Self.component("")
        let outer = try #require(Self.member(relief, "shadow", "surface", "outer") as? [String: Any])
        let first = try #require((outer["$value"] as? [[String: Any]])?.first)
        let colour = try #require(first["color"] as? [String: Any])
        #expect(colour["colorSpace"] as? String == "srgb" && colour["components"] as? [Double] == [0, 0, 0])
        #expect(colour["alpha"] as? Double == 0.2 && colour["hex"] as? String == "#000000")
        #expect(Self.points(first["offsetX"]) == 10 && Self.points(first["offsetY"]) == 10)
        #expect(Self.points(first["blur"]) == 20 && Self.points(first["spread"]) == 0)
        let swiftUI = Self.member(outer, "$extensions", "org.relief", "swiftui") as? [[String: Double]]
        #expect(swiftUI?.first == ["radius": 10, "x": 10, "y": 10])
        let icon = Self.member(relief, "color", "icon", "$value") as? [String: Any]
        #expect(icon?["hex"] as? String == "#8e8e93" && icon?["alpha"] == nil)
        #expect(Self.points(Self.member(relief, "radius", "surface", "$value")) == 40)
        #expect(Self.points(Self.member(try Self.tokens(""), "relief", "size", "canvas", "width", "$value")) == 160)
    }

    /// A raised look is one shadow token holding its pair of outer shadows; the light style's pressed
    /// look is one holding its inner edges, each `inset`; the dark style's pressed look keeps its
    /// outer pair (SPEC §3).
    @Test func aShadowPairIsOneToken() throws {
        func shadows(_ query: String) throws -> (outer: [[String: Any]]?, inner: [[String: Any]]?) {
            let relief = try Self.component(query)
            return (
                Self.member(relief, "shadow", "surface", "outer", "$value") as? [[String: Any]],
                Self.member(relief, "shadow", "surface", "inner", "$value") as? [[String: Any]]
            )
        }
        let raised = try shadows("style=light")
        #expect(raised.outer?.count == 2 && raised.inner == nil)
        #expect(raised.outer?.map { $0["inset"] == nil } == [true, true])
        let pressed = try shadows("style=light&pressed=true")
        #expect(pressed.outer == nil && pressed.inner?.count == 2)
        #expect(pressed.inner?.map { $0["inset"] as? Bool } == [true, true])
        let darkPressed = try shadows("style=dark&pressed=true")
        #expect(darkPressed.outer?.count == 2)
        #expect(darkPressed.outer?.map { Self.points($0["offsetX"]) } == [5, -5])
    }

    /// The seeds' diagonal gradient from corner to corner: its stops at both ends of CSS's gradient
    /// line, whose angle is the diagonal's, clockwise from up: 135° in a square, atan2(w, −h) in a
    /// w × h frame.
    @Test(arguments: [("style=dark", 80.0, 80.0), ("style=dark&shape=capsule&label=Order%20now", nil, nil)])
    func aGradientIsItsStopsWithTheAngle(query: String, width: Double?, height: Double?) throws {
        let relief = try Self.component(query)
        let face = try #require(Self.member(relief, "color", "surface", "face") as? [String: Any])
        #expect(face["$type"] as? String == "gradient")
        let stops = try #require(face["$value"] as? [[String: Any]])
        #expect(stops.map { $0["position"] as? Double } == [0, 1])
        #expect(stops.map { ($0["color"] as? [String: Any])?["hex"] as? String } == ["#323c41", "#19191e"])
        let w = try #require(width ?? Self.points(Self.member(relief, "size", "surface", "width", "$value")))
        let h = try #require(height ?? Self.points(Self.member(relief, "size", "surface", "height", "$value")))
        let angle = try #require(Self.member(face, "$extensions", "org.relief", "angle") as? Double)
        #expect(abs(angle - atan2(w, -h) * 180 / .pi) < 0.0001, "\(w) × \(h): \(angle)")
        let start = Self.member(face, "$extensions", "org.relief", "start") as? [String: Double]
        #expect(start == ["x": 0, "y": 0])
    }

    /// Text is a typography token with every field the format asks for: no extra letter spacing, and
    /// the line's height as a multiple of the size.
    @Test func textIsATypographyToken() throws {
        let relief = try Self.component("shape=capsule&label=Caf%C3%A9%20%22ok%22&font=serif&lang=fr")
        let font = try #require(Self.member(relief, "font", "text") as? [String: Any])
        #expect(font["$type"] as? String == "typography")
        let value = try #require(font["$value"] as? [String: Any])
        #expect(value["fontFamily"] as? [String] == ["Noto Serif", "serif"])
        #expect(Self.points(value["fontSize"]) == 17 && value["fontWeight"] as? Int == 400)
        #expect(Self.points(value["letterSpacing"]) == 0)
        let lineHeight = try #require(value["lineHeight"] as? Double)
        #expect(lineHeight > 1 && lineHeight < 2)
        #expect(Self.member(font, "$extensions", "org.relief", "language") as? String == "fr")
        #expect((Self.member(relief, "color", "text") as? [String: Any])?["$description"] as? String == "Café \"ok\"")
    }

    // MARK: The shape of docs/FORMATS.md

    /// A group holds groups and tokens, and may have a `$description` and `$extensions` of its own;
    /// a token a `$type` and a `$value` of that type's shape.
    static func checkGroup(_ group: [String: Any], path: String) {
        if let type = group["$type"] as? String {
            checkToken(type: type, token: group, path: path)
            #expect(Set(group.keys).isSubset(of: ["$type", "$value", "$description", "$extensions"]), "\(path): \(group.keys)")
            return
        }
        #expect(group["$description"] == nil || group["$description"] is String, "\(path)")
        let members = group.filter { !["$description", "$extensions"].contains($0.key) }
        #expect(!members.isEmpty, "\(path) is an empty group")
        for (name, member) in members {
            guard let member = member as? [String: Any] else {
                Issue.record("\(path).\(name) is neither a group nor a token")
                continue
            }
            checkGroup(member, path: path + "." + name)
        }
    }

    /// The types Relief writes, each as documented: what the format's schema leaves open.
    static func checkToken(type: String, token: [String: Any], path: String) {
        let value = token["$value"]
        switch type {
        case "color":
            #expect(isColour(value), "\(path): \(String(describing: value))")
        case "dimension":
            #expect(points(value) != nil, "\(path): \(String(describing: value))")
        case "gradient":
            let stops = value as? [[String: Any]] ?? []
            #expect(
                stops.count == 2
                    && stops.allSatisfy {
                        isColour($0["color"]) && ($0["position"] as? Double).map { (0...1).contains($0) } == true
                    },
                "\(path): \(String(describing: value))")
            let angle = member(token, "$extensions", "org.relief", "angle") as? Double
            #expect(angle.map { (0..<360).contains($0) } == true, "\(path): \(token)")
        case "shadow":
            let layers = value as? [[String: Any]] ?? []
            #expect(!layers.isEmpty, "\(path) has no shadows")
            for layer in layers {
                #expect(isColour(layer["color"]), "\(path): \(layer)")
                for field in ["offsetX", "offsetY", "blur", "spread"] {
                    #expect(points(layer[field]) != nil, "\(path).\(field): \(layer)")
                }
                #expect(layer["inset"] == nil || layer["inset"] as? Bool == true, "\(path): \(layer)")
            }
        case "typography":
            let typography = value as? [String: Any] ?? [:]
            #expect(typography["fontFamily"] is [String] && typography["fontWeight"] is Int, "\(path): \(typography)")
            #expect(points(typography["fontSize"]) != nil && points(typography["letterSpacing"]) == 0, "\(path): \(typography)")
            #expect((typography["lineHeight"] as? Double).map { $0 > 0 } == true, "\(path): \(typography)")
        default:
            Issue.record("\(path) has the unknown $type \(type)")
        }
    }

    /// A dimension's points: `{"value": 12, "unit": "px"}` as 12.
    static func points(_ dimension: Any?) -> Double? {
        guard let dimension = dimension as? [String: Any], dimension["unit"] as? String == "px" else { return nil }
        return dimension["value"] as? Double
    }

    /// Whether `value` is an sRGB colour whose hex is its components' 8-bit channels (each written
    /// to a ten-thousandth, so within half a step and a little of its byte) and, given `color`, is
    /// `color` to a ten-thousandth.
    static func isColour(_ value: Any?, _ color: Color? = nil) -> Bool {
        guard let value = value as? [String: Any], value["colorSpace"] as? String == "srgb",
            let components = value["components"] as? [Double], components.count == 3,
            let hex = value["hex"] as? String, hex.count == 7, hex.first == "#"
        else { return false }
        let bytes = stride(from: 1, to: 7, by: 2).compactMap { offset in
            Int(hex.dropFirst(offset).prefix(2), radix: 16)
        }
        let alpha = value["alpha"] as? Double ?? 1
        guard bytes.count == 3, zip(bytes, components).allSatisfy({ abs(Double($0) - $1 * 255) <= 0.52 }) else { return false }
        guard let color else { return true }
        let expected = [color.red, color.green, color.blue, color.alpha]
        return zip(components + [alpha], expected).allSatisfy { abs($0 - $1) <= 0.00005 }
    }

    static func member(_ object: [String: Any], _ names: String...) -> Any? {
        names.reduce(object as Any?) { ($0 as? [String: Any])?[$1] }
    }
}
