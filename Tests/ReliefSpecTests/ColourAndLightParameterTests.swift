import Testing

@testable import ReliefSpec

/// SPEC §9: `color`, `accent`, `light`, `intensity`, `distance`, `blur` and `surface`.
@Suite("Colour and light parameters")
struct ColourAndLightParameterTests {
    @Test func theDefaultsAreTheStylesOwnAndLeftOutOfTheKey() throws {
        for style in RenderSpec.Style.allCases {
            let spec = try RenderSpec.parse(query: "style=\(style.rawValue)")
            #expect(
                spec.look.color == .style && spec.look.accent == (style == .colorful ? .style : nil) && spec.look.light == .seeds
                    && spec.component.surface == .flat)
            #expect(spec.look.intensity == style.ownIntensity)
            #expect(spec.look.distance == style.ownDistance && spec.look.blur == style.ownBlur)
            for name in ["color", "accent", "light", "intensity", "distance", "blur", "surface"] {
                #expect(!spec.canonicalQuery.contains(name + "="))
            }
        }
        #expect(RenderSpec.Style.soft.ownDistance == 8 && RenderSpec.Style.dark.ownBlur == 10)
    }

    @Test(
        arguments: [
            ("light=bottomright", "light=135"),
            ("light=135", "light=135"),
            ("light=top", "light=0"),
            ("light=topleft", nil),
            ("light=315", nil),
            ("color=%23AABBCC", "color=aabbcc"),
            ("color=style", nil),
            ("intensity=0.1", nil),
            ("intensity=0.25", "intensity=0.25"),
            ("distance=10&blur=10", nil),
            ("surface=flat", nil),
            ("surface=convex", "surface=convex"),
        ] as [(String, String?)])
    func canonicalSpellings(query: String, written: String?) throws {
        let canonical = try RenderSpec.parse(query: query).canonicalQuery
        let mine = canonical.split(separator: "&").filter { pair in
            ["color", "light", "intensity", "distance", "blur", "surface"].contains { pair.hasPrefix($0 + "=") }
        }
        #expect(mine == (written.map { [Substring($0)] } ?? []), "\(canonical)")
    }

    @Test func aNameAndItsDegreesAreOneKey() throws {
        #expect(
            try RenderSpec.parse(query: "light=bottomright").canonicalQuery
                == RenderSpec.parse(query: "light=135").canonicalQuery)
    }

    @Test func accentAppliesToColorfulAndSurfaceToFaces() throws {
        #expect(try RenderSpec.parse(query: "style=colorful&accent=ff6600").canonicalQuery.contains("accent=ff6600"))
        #expect(try !RenderSpec.parse(query: "style=dark&accent=ff6600").canonicalQuery.contains("accent"))
        #expect(try RenderSpec.parse(query: "component=card&surface=concave").component.surface == .concave)
        #expect(try RenderSpec.parse(query: "component=well&surface=concave").component.surface == .flat)
    }

    @Test(arguments: [
        ("color=red", "color", "style or a hex colour rrggbb"),
        ("color=12345", "color", "style or a hex colour rrggbb"),
        ("accent=blue", "accent", "style or a hex colour rrggbb"),
        (
            "light=north", "light",
            "one of topleft, top, topright, right, bottomright, bottom, bottomleft, left, or whole degrees from 0 to 359 clockwise from up"
        ),
        (
            "light=360", "light",
            "one of topleft, top, topright, right, bottomright, bottom, bottomleft, left, or whole degrees from 0 to 359 clockwise from up"
        ),
        ("intensity=0", "intensity", "a number from 0.01 to 0.6"),
        ("intensity=0.9", "intensity", "a number from 0.01 to 0.6"),
        ("distance=-1", "distance", "a number from 0 to 50"),
        ("blur=99", "blur", "a number from 0 to 50"),
        ("surface=domed", "surface", "one of flat, concave, convex"),
    ])
    func badValuesNameTheParameterAndWhatItTakes(query: String, parameter: String, allowed: String) throws {
        let error = try #require(specError(query))
        #expect(error.parameter == parameter)
        #expect(error.allowed == allowed)
    }

    @Test func degreesAreWholeAndNamesLowercase() throws {
        #expect(specError("light=13.5")?.detail.hasSuffix("(degrees are whole numbers)") == true)
        #expect(specError("light=Top")?.detail.hasSuffix("(values are lowercase)") == true)
    }

    /// The margin has no default in the table: the query's, or the scene's (``RenderSpec/withMargin(shaper:)``),
    /// so the canonical query names it only when given.
    @Test func theMarginIsTheQuerysOrNone() throws {
        #expect(try RenderSpec.parse(query: "light=0").output.margin == nil)
        #expect(try RenderSpec.parse(query: "light=0&margin=3").output.margin == 3)
        #expect(try !RenderSpec.parse(query: "light=0").canonicalQuery.contains("margin"))
        #expect(try RenderSpec.parse(query: "margin=40").canonicalQuery.contains("margin=40"))
    }
}
