import Testing

@testable import ReliefSpec

@Suite("Image size and its limits")
struct CanvasTests {
    @Test(arguments: [
        ("", 160, 160),
        ("scale=2", 320, 320),
        ("scale=1.5&size=81", 242, 242),  // 161 × 1.5 = 241.5 rounds up
        ("component=card&margin=0", 300, 300),
        ("component=switch&style=soft", 202, 92),
        ("shape=capsule&scale=3", 720, 480),
        ("size=16&margin=0", 16, 16),
    ])
    func pixelSizeIsFramePlusMarginsTimesScale(query: String, width: Int, height: Int) throws {
        let size = try RenderSpec.parse(query: query).pixelSize
        #expect(size.width == width)
        #expect(size.height == height)
    }

    @Test func theLargestSideIsAllowed() throws {
        // (1024 + 2 × 0) × 4 = 4096 on each side: exactly the limits.
        let spec = try RenderSpec.parse(query: "size=1024&margin=0&scale=4")
        #expect(spec.pixelSize == (RenderSpec.Limits.maxSide, RenderSpec.Limits.maxSide))
        #expect(spec.pixelSize.width * spec.pixelSize.height == RenderSpec.Limits.maxPixels)
    }

    @Test func onePixelMoreIsAnErrorOnScale() throws {
        let error = try #require(specError("shape=rounded&width=1024&height=16&margin=0.125&scale=4"))
        #expect(error.parameter == "scale")
        #expect(error.allowed == "a scale that keeps the image at most 4096 pixels a side and 16777216 pixels in all")
        #expect(
            error.detail
                == "scale 4 makes the image 4097x65 pixels; it must be at most 4096 pixels a side and 16777216 pixels in all")
    }

    @Test func largeFramesAtLargeScalesAreRefused() throws {
        let error = try #require(specError("component=card&width=1024&height=1024&margin=256&scale=4"))
        #expect(error.detail.contains("6144x6144 pixels"))
        #expect(error.description.hasPrefix("scale: "))
    }

    @Test func theLimitsAreTheContractsNumbers() {
        #expect(RenderSpec.Limits.maxSide == 4096)
        #expect(RenderSpec.Limits.maxPixels == 16_777_216)
        #expect(RenderSpec.Limits.maxLabelCharacters == 64)
        #expect(RenderSpec.Limits.side == 16...1024)
        #expect(RenderSpec.Limits.radius == 0...512)
        #expect(RenderSpec.Limits.margin == 0...256)
        #expect(RenderSpec.Limits.scale == 1...4)
    }
}
