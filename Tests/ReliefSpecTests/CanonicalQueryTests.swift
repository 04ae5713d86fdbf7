import Testing

@testable import ReliefSpec

@Suite("Canonical query")
struct CanonicalQueryTests {
    @Test(arguments: [
        (
            "",
            "component=button&style=light&pressed=false&shape=circle&size=80&icon=heart&scale=1&background=style&format=png"
        ),
        (
            "component=toggle&on=1",
            "component=toggle&style=light&on=true&shape=circle&size=80&icon=heart&scale=1&background=style&format=png"
        ),
        (
            "shape=rounded",
            "component=button&style=light&pressed=false&shape=rounded&width=80&height=80&radius=20&icon=heart&scale=1&background=style&format=png"
        ),
        (
            "shape=capsule",
            "component=button&style=light&pressed=false&shape=capsule&width=160&height=80&icon=heart&scale=1&background=style&format=png"
        ),
        (
            "component=switch&style=soft",
            "component=switch&style=soft&on=false&width=170&height=60&radius=30&knob=20&padding=10&scale=1&background=style&format=png"
        ),
        (
            "component=well",
            "component=well&style=light&width=170&height=60&radius=30&depth=deep&scale=1&background=style&format=png"
        ),
        (
            "component=card",
            "component=card&style=light&width=300&height=300&radius=25&scale=1&background=style&format=png"
        ),
        (
            "label=Hi+there",
            "component=button&style=light&pressed=false&shape=circle&size=80&label=Hi%20there&scale=1&background=style&format=png"
        ),
    ])
    func canonicalFormFillsDefaultsInTableOrder(query: String, canonical: String) throws {
        #expect(try RenderSpec.parse(query: query).canonicalQuery == canonical)
    }

    @Test func parametersComeInTableOrderWhateverTheQueryOrder() throws {
        let spec = try RenderSpec.parse(
            query: "format=png&background=transparent&margin=3&scale=2&icon=star&shape=rounded&pressed=1&style=dark")
        let names = spec.canonicalQuery.split(separator: "&").map { String($0.prefix { $0 != "=" }) }
        #expect(
            names == [
                "component", "style", "pressed", "shape", "width", "height", "radius", "icon", "scale", "margin", "background",
                "format",
            ])
    }

    @Test(arguments: [
        ("pressed=1", "pressed=true"),
        ("size=80.0&scale=1.50", "scale=1.5"),
        ("background=%23AABBCC", "background=aabbcc"),
        ("background=#aabbcc", "background=AABBCC"),
        ("label=a+b", "label=a%20b"),
        ("label=%7E", "label=~"),
        ("component=card&icon=star&pressed=true", "component=card"),
        ("component=card&shape=capsule&size=99&knob=1&padding=1&depth=shallow&label=x", "component=card&on=1"),
        ("icon=none&label=Go", "label=Go"),
        ("label=Go&lang=zh-hant-tw", "label=Go&lang=ZH-HANT-tw"),
        ("component=switch&onlabel=ON&offlabel=OFF&font=sans", "component=switch"),
        ("component=card&lang=ja&font=serif&onlabel=Go", "component=card"),
        ("lang=ja&font=mono", ""),
        ("shape=capsule&radius=7", "shape=capsule"),
        ("size=100&width=50&height=50&radius=3", "size=100"),
        ("shape=rounded&size=50", "shape=rounded"),
        ("component=switch&pressed=1", "component=switch"),
        ("component=well&on=1&knob=4", "component=well"),
        ("style=soft&component=well", "component=well&style=soft&scale=1"),
        (
            "",
            "component=button&style=light&pressed=false&shape=circle&size=80&icon=heart&scale=1&background=style&format=png"
        ),
    ])
    func differentSpellingsShareOneCanonicalQuery(first: String, second: String) throws {
        let a = try RenderSpec.parse(query: first)
        let b = try RenderSpec.parse(query: second)
        #expect(a == b)
        #expect(a.canonicalQuery == b.canonicalQuery)
    }

    @Test func differentImagesHaveDifferentCanonicalQueries() throws {
        let queries = [
            "", "pressed=1", "style=dark", "size=81", "size=80.5", "icon=star", "label=Go", "label=go",
            "label=Go&icon=star", "label=Go&icon=heart", "label=Go&lang=ja", "label=Go&font=serif",
            "icon=star&textsize=xl", "component=switch", "component=switch&onlabel=An",
            "component=switch&offlabel=Aus",
            "margin=39", "scale=2", "background=transparent", "background=000000", "shape=rounded",
            "shape=rounded&radius=19", "component=toggle", "component=toggle&on=1",
        ]
        let canonical = try queries.map { try RenderSpec.parse(query: $0).canonicalQuery }
        #expect(Set(canonical).count == queries.count)
    }

    @Test func labelsAreEncodedWithUppercaseEscapesAndUnreservedCharactersKept() throws {
        let spec = try RenderSpec.parse(query: "label=" + "a-Z_0.~ +%26%3D%25%2B%23%2F%3F%C3%A9")
        #expect(spec.component.face?.label == "a-Z_0.~  &=%+#/?é")
        #expect(spec.canonicalQuery.contains("&label=a-Z_0.~%20%20%26%3D%25%2B%23%2F%3F%C3%A9&"))
    }

    static let roundTripQueries: [String] = {
        let extras = [
            "", "pressed=1&on=true", "label=Caf%C3%A9+%E2%9D%A4%EF%B8%8F%20%26%3D%2B%25",
            "width=100.25&height=50.5&radius=7&size=33.3", "depth=shallow&knob=5&padding=3",
            "background=%23A0B1C2&scale=1.5&margin=0", "icon=none", "background=transparent&scale=2.5",
            "radius=0.0001&margin=0.00001", "icon=power&on=1&pressed=0&label=%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9",
        ]
        var queries: [String] = []
        for component in RenderSpec.ComponentKind.allCases {
            for style in RenderSpec.Style.allCases {
                for shape in RenderSpec.ShapeKind.allCases {
                    for extra in extras {
                        queries.append("component=\(component.rawValue)&style=\(style.rawValue)&shape=\(shape.rawValue)&\(extra)")
                    }
                }
            }
        }
        return queries
    }()

    @Test(arguments: roundTripQueries)
    func parsingTheCanonicalQueryGivesTheSameSpec(query: String) throws {
        let spec = try RenderSpec.parse(query: query)
        let reparsed = try RenderSpec.parse(query: spec.canonicalQuery)
        #expect(reparsed == spec)
        #expect(reparsed.canonicalQuery == spec.canonicalQuery)
    }

    @Test func canonicalNumbersAreShortestPlainDecimals() throws {
        let spec = try RenderSpec.parse(query: "shape=rounded&radius=0.0001&width=80.500&margin=0.00001")
        #expect(spec.canonicalQuery.contains("&width=80.5&"))
        #expect(spec.canonicalQuery.contains("&radius=0.0001&"))
        #expect(spec.canonicalQuery.contains("&margin=0.00001&"))
    }
}
