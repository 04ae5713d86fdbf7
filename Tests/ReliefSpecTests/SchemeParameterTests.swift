import ReliefGeometry
import ReliefSpec
import Testing

@Suite("The scheme and dark parameters")
struct SchemeParameterTests {
    /// The default draws what was drawn before schemes existed, under the same key.
    @Test func fixedIsTheDefaultAndStaysOutOfTheKey() throws {
        let spec = try RenderSpec.parse(query: "style=dark&format=svg&scheme=fixed")
        #expect(spec.output.scheme == .fixed)
        #expect(spec.look.darkStyle == nil)
        #expect(spec.canonicalQuery == (try RenderSpec.parse(query: "style=dark&format=svg")).canonicalQuery)
        let appearances = try spec.appearances()
        #expect(appearances.map(\.name) == ["dark"])
        #expect(appearances[0].spec == spec)
    }

    @Test func autoAndItsDarkStyleAreInTheKey() throws {
        #expect(
            try RenderSpec.parse(query: "format=svg&scheme=auto").canonicalQuery.hasPrefix(
                "component=button&style=light&scheme=auto&pressed=false"))
        #expect(
            try RenderSpec.parse(query: "format=svg&scheme=auto&dark=colorful").canonicalQuery.hasPrefix(
                "component=button&style=light&scheme=auto&dark=colorful&pressed=false"))
        // dark names the dark appearance of a light-based style only; a dark-based one is its own.
        #expect(
            try RenderSpec.parse(query: "style=colorful&format=svg&scheme=auto&dark=dark").canonicalQuery
                == (try RenderSpec.parse(query: "style=colorful&format=svg&scheme=auto")).canonicalQuery)
    }

    /// The query's style is the appearance of its tone; the other is dark= for light and soft, light
    /// for dark and colorful. Each comes with its contrast=high variant.
    @Test(arguments: [
        ("style=light", ["light", "dark"]), ("style=soft", ["soft", "dark"]), ("style=soft&dark=colorful", ["soft", "colorful"]),
        ("style=dark", ["light", "dark"]), ("style=colorful", ["light", "colorful"]),
    ])
    func eachToneHasItsStyle(query: String, styles: [String]) throws {
        let appearances = try RenderSpec.parse(query: query + "&format=svg&scheme=auto").appearances()
        #expect(appearances.map(\.name) == ["light", "dark", "light-high", "dark-high"])
        #expect(appearances.map(\.spec.look.style.rawValue) == styles + styles)
        #expect(appearances.map(\.spec.look.contrast) == [.standard, .standard, .high, .high])
        #expect(appearances.allSatisfy { $0.spec.output.scheme == .fixed && $0.spec.output.format == .svg })
    }

    /// Asked with contrast=high, both appearances are high already: no separate variants.
    @Test func highContrastAsksForTwoPictures() throws {
        let appearances = try RenderSpec.parse(query: "format=css&scheme=auto&contrast=high").appearances()
        #expect(appearances.map(\.name) == ["light-high", "dark-high"])
    }

    /// The other tone's picture is the query read again in its style: that style's own relief, the
    /// query's other values, the colour mirrored; the query's own tone keeps the colour as given.
    @Test func theOtherToneIsTheQueryInItsStyle() throws {
        let query = "component=switch&on=true&color=e0e5ec&background=ffffff&accent=ff8800&format=svg&scheme=auto&dark=colorful"
        let appearances = try RenderSpec.parse(query: query).appearances()
        let light = appearances[0].spec, dark = appearances[1].spec
        #expect(light.look.color == .rgb(.init(red: 0xe0, green: 0xe5, blue: 0xec)))
        #expect(light.output.background == .color(red: 0xff, green: 0xff, blue: 0xff))
        #expect(light.look.accent == nil)
        let mirroredSurface = RenderSpec.RGB(red: 0xe0, green: 0xe5, blue: 0xec).mirroredLightness
        #expect(dark.look.color == .rgb(mirroredSurface))
        let white = RenderSpec.RGB(red: 0xff, green: 0xff, blue: 0xff).mirroredLightness
        #expect(dark.output.background == .color(red: white.red, green: white.green, blue: white.blue))
        #expect(dark.look.accent == .rgb(.init(red: 0xff, green: 0x88, blue: 0x00)))
        #expect(dark.component.isActive && dark.component.kind == .switch)
        let colorful = try RenderSpec.parse(query: "component=switch&style=colorful")
        #expect(dark.look.intensity == colorful.look.intensity && dark.look.distance == colorful.look.distance)
        #expect(dark.output.margin == light.output.margin)
    }

    /// OKLab lightness L becomes 1.2 − L, clamped, with hue kept: a light surface becomes a dark one,
    /// and a grey mirrored twice comes back within a rounding step.
    @Test(arguments: ["e0e5ec", "ffffff", "3366cc", "2b2d31", "ff8800", "000000"])
    func mirroringLightnessIsTheDocumentedRule(hex: String) throws {
        let value = try #require(Int(hex, radix: 16))
        let rgb = RenderSpec.RGB(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff))
        let lab = Color(Int(rgb.red), Int(rgb.green), Int(rgb.blue)).okLab
        let mirrored = rgb.mirroredLightness
        let mirroredLab = Color(Int(mirrored.red), Int(mirrored.green), Int(mirrored.blue)).okLab
        #expect(abs(mirroredLab.lightness - min(max(1.2 - lab.lightness, 0), 1)) < 0.01)
        if lab.chroma > 0.02, mirroredLab.chroma > 0.02 {
            let turn = abs(mirroredLab.hue - lab.hue).truncatingRemainder(dividingBy: 2 * .pi)
            #expect(min(turn, 2 * .pi - turn) < 0.05)
        }
        // Gamut mapping may take chroma that the way back cannot restore, so only greys return exactly.
        if (0.2...1).contains(lab.lightness), lab.chroma < 0.05 {
            let back = mirrored.mirroredLightness
            #expect(abs(Int(back.red) - Int(rgb.red)) <= 3 && abs(Int(back.green) - Int(rgb.green)) <= 3)
        }
    }

    /// A PNG is one picture and JSON one set of tokens: scheme=auto is refused, naming the formats
    /// that adapt; every component takes it in those.
    @Test(arguments: [RenderSpec.Format.png, .json])
    func formatsThatCannotAdaptRefuseAuto(format: RenderSpec.Format) throws {
        let error = try #require(specError("scheme=auto&format=\(format.rawValue)"))
        #expect(error.parameter == "scheme")
        #expect(error.allowed == "fixed with format=\(format.rawValue); auto with format=svg, css, html, swiftui")
        #expect(error.detail.hasPrefix("scheme=auto follows the viewer's light or dark setting"))
        #expect(specError("scheme=fixed&format=\(format.rawValue)") == nil)
    }

    @Test(arguments: RenderSpec.ComponentKind.allCases)
    func everyComponentAdapts(component: RenderSpec.ComponentKind) throws {
        for format in RenderSpec.Format.allCases where format.adaptsToAppearance {
            let spec = try RenderSpec.parse(query: "component=\(component.rawValue)&scheme=auto&format=\(format.rawValue)")
            #expect(try spec.appearances().count == 4)
        }
    }

    @Test func darkTakesOnlyDarkBasedStyles() throws {
        let error = try #require(specError("format=svg&scheme=auto&dark=soft"))
        #expect(error.parameter == "dark")
        #expect(error.allowed == "one of dark, colorful")
    }
}
