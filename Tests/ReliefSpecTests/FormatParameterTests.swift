import ReliefSpec
import Testing

@Suite("The format parameter")
struct FormatParameterTests {
    @Test(arguments: RenderSpec.Format.allCases)
    func eachFormatIsItsOwnCacheKey(format: RenderSpec.Format) throws {
        let spec = try RenderSpec.parse(query: "style=dark&format=\(format.rawValue)")
        #expect(spec.output.format == format)
        #expect(spec.canonicalQuery.hasSuffix("&format=\(format.rawValue)"))
    }

    @Test func mediaTypesAndExtensions() {
        #expect(
            RenderSpec.Format.allCases.map(\.mediaType) == [
                "image/png", "image/svg+xml", "text/css; charset=utf-8", "text/html; charset=utf-8",
                "text/x-swift; charset=utf-8", "application/json",
            ])
        #expect(RenderSpec.Format.allCases.map(\.fileExtension) == ["png", "svg", "css", "html", "swift", "json"])
        #expect(["SVG", "htm", "swift", "json"].map(RenderSpec.Format.init(fileExtension:)) == [.svg, .html, .swiftui, .json])
        #expect(RenderSpec.Format(fileExtension: "gif") == nil)
    }

    @Test func fileNamesSayStyleComponentAndState() throws {
        #expect(
            try RenderSpec.parse(query: "style=colorful&pressed=true&format=svg").fileName == "relief-colorful-button-pressed.svg"
        )
        #expect(try RenderSpec.parse(query: "component=switch&on=1&format=swiftui").fileName == "relief-light-switch-on.swift")
        #expect(try RenderSpec.parse(query: "component=card").fileName == "relief-light-card.png")
    }

    /// A simulation is drawn into pixels: every other format refuses one, naming simulate.
    @Test(arguments: RenderSpec.Format.allCases.filter { $0 != .png })
    func onlyPNGShowsASimulation(format: RenderSpec.Format) throws {
        let error = try #require(specError("format=\(format.rawValue)&simulate=protanopia"))
        #expect(error.parameter == "simulate")
        #expect(error.allowed == "none with format=\(format.rawValue); a simulation is drawn into the pixels of format=png")
        #expect(error.detail.hasPrefix("simulate=protanopia cannot be expressed in format=\(format.rawValue)"))
        #expect(specError("format=\(format.rawValue)&simulate=none") == nil)
    }

    @Test func aFormatForQueriesThatNameNone() throws {
        #expect(try RenderSpec.parse(query: "style=soft", format: .svg).output.format == .svg)
        #expect(try RenderSpec.parse(query: "format=png", format: .svg).output.format == .png)
        #expect(try RenderSpec.parse(query: "").output.format == .png)
    }
}
