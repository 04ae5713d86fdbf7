import PNGFileSupport
import ReliefPNG
import Testing

@Suite("PNG encoder")
struct PNGEncoderTests {
    let encoder = PNGEncoder()

    @Test("opaque pixels round-trip exactly through an RGB PNG")
    func opaqueRoundTrip() throws {
        let rgba = TestImage.opaque(width: 64, height: 48)
        let png = try encoder.encode(rgba: rgba, width: 64, height: 48)
        #expect(PNGFile.colourType(png) == PNGFile.colourTypeRGB)
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.width == 64 && decoded.height == 48 && decoded.rgba == rgba)
    }

    @Test("translucent pixels round-trip exactly through an RGBA PNG")
    func translucentRoundTrip() throws {
        let rgba = TestImage.translucent(width: 64, height: 48)
        let png = try encoder.encode(rgba: rgba, width: 64, height: 48)
        #expect(PNGFile.colourType(png) == PNGFile.colourTypeRGBA)
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.width == 64 && decoded.height == 48 && decoded.rgba == rgba)
    }

    @Test("a single translucent pixel makes the whole image RGBA")
    func oneTranslucentPixel() throws {
        var rgba = TestImage.opaque(width: 40, height: 40)
        rgba[rgba.count - 1] = 254
        let png = try encoder.encode(rgba: rgba, width: 40, height: 40)
        #expect(PNGFile.colourType(png) == PNGFile.colourTypeRGBA)
        #expect(try PNGDecoder.decode(png).rgba == rgba)
    }

    @Test("the file has the PNG signature and only IHDR, sRGB (perceptual), IDAT and IEND chunks")
    func signatureAndChunks() throws {
        let png = try encoder.encode(rgba: TestImage.opaque(width: 64, height: 48), width: 64, height: 48)
        #expect(Array(png.prefix(8)) == PNGFile.signature)
        let types = PNGFile.chunkTypes(png)
        #expect(types.first == "IHDR")
        #expect(types.last == "IEND")
        #expect(Set(types) == ["IHDR", "sRGB", "IDAT", "IEND"])
        #expect(PNGFile.chunkData(png, type: "sRGB") == [0])
    }

    @Test("1×1 and odd sizes round-trip", arguments: [(1, 1), (1, 7), (7, 1), (3, 5), (333, 17)])
    func oddSizes(width: Int, height: Int) throws {
        for rgba in [TestImage.opaque(width: width, height: height), TestImage.translucent(width: width, height: height)] {
            let png = try encoder.encode(rgba: rgba, width: width, height: height)
            let decoded = try PNGDecoder.decode(png)
            #expect(decoded.width == width && decoded.height == height && decoded.rgba == rgba)
        }
    }

    @Test("each image class is filtered with its own filter set")
    func filterSetByClass() throws {
        // At level 0 zlib stores the bytes, so the first scanline's filter byte can be read directly:
        // after the 2-byte zlib header and the 5-byte stored-block header.
        let stored = { (filters: PNGEncoder.FilterSet) in PNGEncoder.Compression(level: 0, filters: filters, strategy: .default) }
        let encoder = PNGEncoder(
            configuration: .init(
                palette: stored(.sub), grey: stored(.up), greyAlpha: stored(.average), rgb: stored(.paeth), rgba: stored(.none)
            ))
        let (none, sub, up, average, paeth): (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 1, 2, 3, 4)
        let palette = TestImage.using(TestImage.distinctColours(5), width: 40, height: 40)
        let grey = TestImage.using(TestImage.greys(Array(0..<40)), width: 40, height: 40)
        let greyAlpha = TestImage.using(TestImage.translucentGreys(300), width: 40, height: 40)
        let images: [([UInt8], UInt8)] = [
            (palette, sub), (grey, up), (greyAlpha, average),
            (TestImage.opaque(width: 40, height: 40), paeth), (TestImage.translucent(width: 40, height: 40), none),
        ]
        for (rgba, filter) in images {
            let idat = try #require(PNGFile.chunkData(try encoder.encode(rgba: rgba, width: 40, height: 40), type: "IDAT"))
            #expect(idat[2 + 5] == filter)
        }
    }

    @Test("the same pixels always give the same bytes")
    func deterministic() throws {
        let rgba = TestImage.translucent(width: 40, height: 30)
        #expect(try encoder.encode(rgba: rgba, width: 40, height: 30) == encoder.encode(rgba: rgba, width: 40, height: 30))
    }

    @Test("a buffer of the wrong size is an error naming both sizes")
    func wrongBufferSize() {
        let rgba = [UInt8](repeating: 255, count: 10 * 10 * 4 - 1)
        #expect(
            throws: PNGError(message: "the RGBA buffer holds 399 bytes; a 10 × 10 image needs width × height × 4 = 400 bytes")
        ) {
            try encoder.encode(rgba: rgba, width: 10, height: 10)
        }
    }

    @Test(
        "dimensions beyond the PNG format or whose byte count overflows are an error",
        arguments: [
            (Int.max, 2, "image size \(Int.max) × 2 is too large; a PNG side is at most 2147483647 pixels"),
            (
                2_147_483_647, 2_147_483_647,
                "the RGBA buffer holds 4 bytes; a 2147483647 × 2147483647 image needs width × height × 4 = more than Int.max bytes"
            ),
        ])
    func hugeDimensions(width: Int, height: Int, message: String) {
        #expect(throws: PNGError(message: message)) {
            try encoder.encode(rgba: [UInt8](repeating: 0, count: 4), width: width, height: height)
        }
    }

    @Test("libpng's refusal keeps its message and the warning that explains it")
    func libpngRefusal() {
        let width = 1_000_001
        #expect(throws: PNGError(message: "libpng: Invalid IHDR data (Image width exceeds user limit in IHDR)")) {
            try encoder.encode(rgba: [UInt8](repeating: 255, count: width * 4), width: width, height: 1)
        }
    }

    @Test("zero or negative dimensions are an error", arguments: [(0, 1), (1, 0), (-1, 4)])
    func nonPositiveDimensions(width: Int, height: Int) {
        let error = #expect(throws: PNGError.self) {
            try encoder.encode(rgba: [], width: width, height: height)
        }
        #expect(error?.message == "image size \(width) × \(height) is invalid; width and height must be at least 1 pixel")
    }

    @Test(
        "an out-of-range configuration is an error naming the allowed range",
        arguments: [
            (
                PNGEncoder.Configuration(rgb: .init(level: 10, filters: .none, strategy: .default)),
                "rgb compression level 10 is out of range; allowed: 0...9"
            ),
            (
                PNGEncoder.Configuration(palette: .init(level: 9, filters: [], strategy: .default)),
                "palette filter set 0x0 is invalid; allowed: a nonempty combination of none (0x08), sub (0x10), up (0x20), average (0x40), paeth (0x80)"
            ),
            (
                PNGEncoder.Configuration(rgba: .init(level: 9, filters: [], strategy: .rle)),
                "rgba filter set 0x0 is invalid; allowed: a nonempty combination of none (0x08), sub (0x10), up (0x20), average (0x40), paeth (0x80)"
            ),
            (
                PNGEncoder.Configuration(reductions: .init(rawValue: 8)),
                "reductions 0x8 are invalid; allowed: a combination of palette (0x1), grey (0x2), alpha (0x4)"
            ),
            (PNGEncoder.Configuration(memoryLevel: 0), "zlib memory level 0 is out of range; allowed: 1...9"),
            (PNGEncoder.Configuration(windowBits: 16), "zlib window bits 16 is out of range; allowed: 8...15"),
            (
                PNGEncoder.Configuration(
                    rgb: .init(
                        level: 9, filters: .none, strategy: .default,
                        matchSearch: .init(goodLength: 0, lazyLength: 1, niceLength: 1, chainLength: 1))),
                "rgb match search (good 0, lazy 1, nice 1, chain 1) is out of range; allowed: all 0, or good, lazy and nice 1...258 and chain 1...65535"
            ),
            (
                PNGEncoder.Configuration(
                    palette: .init(level: 9, filters: .none, strategy: .default, alternativeFilters: .init(rawValue: 1))),
                "palette alternative filter set 0x1 is invalid; allowed: a nonempty combination of none (0x08), sub (0x10), up (0x20), average (0x40), paeth (0x80)"
            ),
            (
                PNGEncoder.Configuration(greyAlpha: .init(level: Int.max, filters: .none, strategy: .default)),
                "grey-alpha compression level 2147483647 is out of range; allowed: 0...9"
            ),
            (
                PNGEncoder.Configuration(rgb: .init(level: 2, filters: .none, strategy: .default, libdeflateLevel: 13)),
                "rgb libdeflate level 13 is out of range; allowed: 0 (zlib) or 1...12"
            ),
            (
                PNGEncoder.Configuration(rgba: .init(level: 2, filters: .up, strategy: .default, libdeflateLevel: -1)),
                "rgba libdeflate level -1 is out of range; allowed: 0 (zlib) or 1...12"
            ),
        ])
    func invalidConfiguration(configuration: PNGEncoder.Configuration, message: String) {
        #expect(throws: PNGError(message: message)) {
            try PNGEncoder(configuration: configuration).encode(rgba: [0, 0, 0, 255], width: 1, height: 1)
        }
    }

    /// libdeflate's stream decodes to the pixels given, for a picture it takes whole; one past
    /// `RELIEF_PNG_LIBDEFLATE_MAX_BYTES` (1300 × 1100: 4.3 MiB of RGB rows, 5.7 of RGBA) is
    /// deflated by zlib at the compression's level instead, byte for byte.
    @Test(
        "libdeflate deflates a picture up to its bound, zlib one past it",
        arguments: [(320, 240, true), (1300, 1100, true), (320, 240, false), (1300, 1100, false)])
    func libdeflateUpToItsBound(width: Int, height: Int, translucent: Bool) throws {
        let rgba =
            translucent
            ? TestImage.translucent(width: width, height: height) : TestImage.opaque(width: width, height: height)
        let compression: PNGEncoder.Compression = translucent ? .fastTranslucent : .fastUnfiltered
        var zlibOnly = compression
        zlibOnly.libdeflateLevel = 0
        let png = try PNGEncoder(configuration: .uniform(compression)).encode(rgba: rgba, width: width, height: height)
        let zlibPNG = try PNGEncoder(configuration: .uniform(zlibOnly)).encode(rgba: rgba, width: width, height: height)
        #expect(try PNGDecoder.decode(png).rgba == rgba)
        #expect((png == zlibPNG) == (width == 1300), "libdeflate below the bound, zlib past it")
    }

    @Test("several tasks encode at once, each getting its own image")
    func concurrentEncoding() async throws {
        let sizes = (1...8).map { (width: 50 + $0 * 13, height: 40 + $0 * 7) }
        let encoder = self.encoder
        let results = await withTaskGroup(of: (Int, Result<[UInt8], PNGError>).self) { group in
            for (index, size) in sizes.enumerated() {
                group.addTask {
                    let rgba =
                        index % 2 == 0
                        ? TestImage.opaque(width: size.width, height: size.height)
                        : TestImage.translucent(width: size.width, height: size.height)
                    var last: Result<[UInt8], PNGError> = .success([])
                    for _ in 0..<5 {
                        last = Result { () throws(PNGError) in
                            try encoder.encode(rgba: rgba, width: size.width, height: size.height)
                        }
                    }
                    return (index, last)
                }
            }
            var results = [Int: Result<[UInt8], PNGError>]()
            for await (index, result) in group {
                results[index] = result
            }
            return results
        }
        for (index, size) in sizes.enumerated() {
            let rgba =
                index % 2 == 0
                ? TestImage.opaque(width: size.width, height: size.height)
                : TestImage.translucent(width: size.width, height: size.height)
            let png = try #require(try results[index]?.get())
            #expect(png == (try encoder.encode(rgba: rgba, width: size.width, height: size.height)))
            let decoded = try PNGDecoder.decode(png)
            #expect(decoded.width == size.width && decoded.height == size.height && decoded.rgba == rgba)
        }
    }
}
