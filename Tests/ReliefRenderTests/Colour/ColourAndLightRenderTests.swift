import ReliefRender
import ReliefSpec
import Testing

/// SPEC §9 on rendered pixels: a given colour is the surface exactly, and the margin holds every
/// shadow whatever the light, distance and blur.
@Suite("Colour and light, rendered")
struct ColourAndLightRenderTests {
    static func pixel(_ image: RenderedImage, x: Int, y: Int) -> [UInt8] {
        let start = 4 * (y * image.width + x)
        return Array(image.rgba[start..<(start + 4)])
    }

    /// In a flat render the background pixel and the face's centre are the colour given.
    @Test(arguments: ["light", "soft"], ["000000", "ffffff", "12ab9c", "3366cc"])
    func theColourIsTheSurfaceExactly(style: String, colour: String) throws {
        let spec = try RenderSpec.parse(query: "style=\(style)&color=\(colour)&icon=none")
        let image = try Renderer().image(for: spec)
        let expected = [
            UInt8(colour.prefix(2), radix: 16)!, UInt8(colour.dropFirst(2).prefix(2), radix: 16)!,
            UInt8(colour.suffix(2), radix: 16)!, 255,
        ]
        #expect(Self.pixel(image, x: 0, y: 0) == expected)
        #expect(Self.pixel(image, x: image.width / 2, y: image.height / 2) == expected)
    }

    /// On a clear background, nothing reaches the image's border: the margin held the shadows.
    @Test(arguments: [
        "style=light&light=top&distance=50&blur=50",
        "style=dark&light=90&distance=50&blur=20",
        "style=colorful&light=200&distance=30&blur=50&shape=capsule",
        "style=soft&light=left&distance=50&blur=50&component=card",
        "style=soft&light=bottom&distance=50&blur=50&component=switch",
        "style=dark&light=27&distance=50&blur=50&component=switch&on=true",
        "style=light&light=135&blur=0&distance=50&pressed=true",
    ])
    func theMarginHoldsEveryShadow(query: String) throws {
        let image = try Renderer().image(for: try RenderSpec.parse(query: query + "&background=transparent"))
        var strongest: UInt8 = 0
        for x in 0..<image.width {
            strongest = max(strongest, Self.pixel(image, x: x, y: 0)[3], Self.pixel(image, x: x, y: image.height - 1)[3])
        }
        for y in 0..<image.height {
            strongest = max(strongest, Self.pixel(image, x: 0, y: y)[3], Self.pixel(image, x: image.width - 1, y: y)[3])
        }
        #expect(strongest <= 1, "\(query): alpha \(strongest) at the image's border")
    }
}
