import PNGFileSupport
import ReliefPNG
import Testing

@Suite("PNG decoder")
struct PNGDecoderTests {
    @Test("garbage is an error carrying libpng's message")
    func garbage() {
        let error = #expect(throws: PNGError.self) {
            try PNGDecoder.decode(Array("this is not a PNG file at all".utf8))
        }
        #expect(error?.message.hasPrefix("libpng: ") == true)
        #expect((error?.message.count ?? 0) > "libpng: ".count)
    }

    @Test("empty data is an error")
    func empty() {
        #expect(throws: PNGError(message: "the PNG data is empty")) {
            try PNGDecoder.decode([])
        }
    }

    @Test("a truncated PNG is an error carrying libpng's message", arguments: [8, 20, 40, 100, 500])
    func truncated(keptBytes: Int) throws {
        let png = try PNGEncoder().encode(rgba: TestImage.opaque(width: 64, height: 64), width: 64, height: 64)
        try #require(png.count > 500)
        let error = #expect(throws: PNGError.self) {
            try PNGDecoder.decode(Array(png.prefix(keptBytes)))
        }
        #expect(error?.message.hasPrefix("libpng: ") == true)
    }

    @Test("a corrupted checksum is an error")
    func corruptedChecksum() throws {
        var png = try PNGEncoder().encode(rgba: TestImage.opaque(width: 8, height: 8), width: 8, height: 8)
        png[8 + 8 + 13] ^= 0xFF  // the IHDR CRC
        #expect(throws: PNGError.self) {
            try PNGDecoder.decode(png)
        }
    }

    @Test(
        "images over the size limits are refused before decoding",
        arguments: [
            (UInt32(PNGDecoder.maximumSide + 1), UInt32(1)),
            (UInt32(1), UInt32(PNGDecoder.maximumSide + 1)),
            (UInt32(10_000), UInt32(10_000)),
        ])
    func overLimit(width: UInt32, height: UInt32) {
        let png = PNGFile.make(width: width, height: height, bitDepth: 8, colourType: PNGFile.colourTypeRGB, scanlines: [0])
        #expect(
            throws: PNGError(
                message: "the PNG is \(width) x \(height) pixels; allowed: at most 16384 pixels a side and 67108864 pixels in all"
            )
        ) {
            try PNGDecoder.decode(png)
        }
    }

    @Test("the limits are 16384 pixels a side and 64 Mi pixels")
    func limits() {
        #expect(PNGDecoder.maximumSide == 16_384)
        #expect(PNGDecoder.maximumPixelCount == 64 * 1024 * 1024)
    }

    @Test("8-bit grey becomes opaque RGBA")
    func grey() throws {
        let png = PNGFile.make(
            width: 2, height: 2, bitDepth: 8, colourType: PNGFile.colourTypeGray, scanlines: [0, 0, 255, 0, 17, 128])
        try expectDecoded(
            png, width: 2, height: 2,
            rgba: [
                0, 0, 0, 255, 255, 255, 255, 255,
                17, 17, 17, 255, 128, 128, 128, 255,
            ])
    }

    @Test("a palette with transparency becomes straight-alpha RGBA")
    func paletteWithTransparency() throws {
        let png = PNGFile.make(
            width: 3, height: 1, bitDepth: 8, colourType: PNGFile.colourTypePalette,
            chunks: [("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255]), ("tRNS", [255, 128])],
            scanlines: [0, 0, 1, 2]
        )
        try expectDecoded(
            png, width: 3, height: 1,
            rgba: [
                255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255,
            ])
    }

    @Test("16-bit RGBA is reduced to 8 bits")
    func sixteenBit() throws {
        let png = PNGFile.make(
            width: 1, height: 1, bitDepth: 16, colourType: PNGFile.colourTypeRGBA,
            chunks: [("sRGB", [0])],
            scanlines: [0, 0xFF, 0xFF, 0x80, 0x80, 0x00, 0x00, 0xFF, 0xFF]
        )
        try expectDecoded(png, width: 1, height: 1, rgba: [255, 128, 0, 255])
    }
}

/// Decodes `png` and expects exactly these dimensions and pixels.
private func expectDecoded(
    _ png: [UInt8], width: Int, height: Int, rgba: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let decoded = try PNGDecoder.decode(png)
    #expect(decoded.width == width, sourceLocation: sourceLocation)
    #expect(decoded.height == height, sourceLocation: sourceLocation)
    #expect(decoded.rgba == rgba, sourceLocation: sourceLocation)
}
