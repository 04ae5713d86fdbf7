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
                "text/x-swift; charset=utf-8", "application/json", "image/webp", "image/avif", "image/png",
            ])
        // auto, unless a request chooses, is written as the PNG.
        #expect(
            RenderSpec.Format.allCases.map(\.fileExtension) == [
                "png", "svg", "css", "html", "swift", "json", "webp", "avif", "png",
            ])
        #expect(
            ["SVG", "htm", "swift", "json", "WEBP", "avif", "png"].map(RenderSpec.Format.init(fileExtension:)) == [
                .svg, .html, .swiftui, .json, .webp, .avif, .png,
            ])
        #expect(RenderSpec.Format(fileExtension: "gif") == nil)
    }

    @Test func fileNamesSayStyleComponentAndState() throws {
        #expect(
            try RenderSpec.parse(query: "style=colorful&pressed=true&format=svg").fileName == "relief-colorful-button-pressed.svg"
        )
        #expect(try RenderSpec.parse(query: "component=switch&on=1&format=swiftui").fileName == "relief-light-switch-on.swift")
        #expect(try RenderSpec.parse(query: "component=card").fileName == "relief-light-card.png")
    }

    /// A simulation is drawn into pixels: every format but the images refuses one, naming simulate.
    @Test(arguments: RenderSpec.Format.allCases.filter { ![.png, .webp, .avif, .auto].contains($0) })
    func onlyImagesShowASimulation(format: RenderSpec.Format) throws {
        let error = try #require(specError("format=\(format.rawValue)&simulate=protanopia"))
        #expect(error.parameter == "simulate")
        #expect(
            error.allowed
                == "none with format=\(format.rawValue); a simulation is drawn into the pixels of format=png, webp, avif, auto")
        #expect(error.detail.hasPrefix("simulate=protanopia cannot be expressed in format=\(format.rawValue)"))
        #expect(specError("format=\(format.rawValue)&simulate=none") == nil)
    }

    /// An animation is an APNG or an animated WebP; an AVIF is a still, refused naming format.
    @Test func anAnimationIsAPNGOrWebPAndAnAVIFIsAStill() throws {
        #expect(try RenderSpec.parse(query: "component=switch&animate=true&format=webp").output.animation != nil)
        #expect(try RenderSpec.parse(query: "component=switch&animate=true&format=auto").output.animation != nil)
        let avif = try #require(specError("component=switch&animate=true&format=avif"))
        #expect(avif.parameter == "format")
        #expect(avif.allowed == "format=png, format=webp, format=auto with animate=true")
        #expect(try #require(specError("component=switch&animate=true&format=css")).parameter == "animate")
    }

    @Test func aFormatForQueriesThatNameNone() throws {
        #expect(try RenderSpec.parse(query: "style=soft", format: .svg).output.format == .svg)
        #expect(try RenderSpec.parse(query: "format=png", format: .svg).output.format == .png)
        #expect(try RenderSpec.parse(query: "").output.format == .png)
    }
}
