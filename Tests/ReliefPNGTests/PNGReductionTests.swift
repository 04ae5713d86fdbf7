import PNGFileSupport
import ReliefPNG
import Testing

/// Every colour type the encoder reduces to gives back exactly the pixels it was given.
@Suite("PNG colour-type reductions")
struct PNGReductionTests {
    let encoder = PNGEncoder()

    /// Encodes, checks the header's colour type and bit depth, and decodes to the same bytes.
    @discardableResult
    func roundTrip(
        _ rgba: [UInt8], width: Int, height: Int, colourType: UInt8, bitDepth: UInt8,
        encoder: PNGEncoder = PNGEncoder()
    ) throws -> [UInt8] {
        let png = try encoder.encode(rgba: rgba, width: width, height: height)
        #expect(PNGFile.colourType(png) == colourType)
        #expect(PNGFile.bitDepth(png) == bitDepth)
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.width == width && decoded.height == height)
        // Compared first and expected as one answer: a failing expectation on two arrays of a
        // million bytes would spend minutes describing their difference.
        let samePixels = decoded.rgba == rgba
        #expect(samePixels, "the decoded pixels differ from those encoded")
        return png
    }

    @Test(
        "at most 256 opaque colours make a palette of the fewest bits that index them",
        arguments: [
            (2, UInt8(1)), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8), (255, 8), (256, 8),
        ])
    func palette(colourCount: Int, bitDepth: UInt8) throws {
        // Widths that leave a partly filled last byte at every depth.
        for (width, height) in [(37, 11), (16, 16), (3, 100)] where width * height >= colourCount {
            let rgba = TestImage.using(TestImage.distinctColours(colourCount), width: width, height: height)
            let png = try roundTrip(rgba, width: width, height: height, colourType: PNGFile.colourTypePalette, bitDepth: bitDepth)
            #expect(PNGFile.chunkData(png, type: "PLTE")?.count == colourCount * 3)
            #expect(PNGFile.chunkData(png, type: "tRNS") == nil)
        }
    }

    @Test("a 257th colour means truecolour: RGB when opaque, RGBA when not")
    func beyondThePalette() throws {
        let opaque = TestImage.using(TestImage.distinctColours(257), width: 40, height: 20)
        try roundTrip(opaque, width: 40, height: 20, colourType: PNGFile.colourTypeRGB, bitDepth: 8)
        var translucent = opaque
        translucent[7 * 4 + 3] = 100
        try roundTrip(translucent, width: 40, height: 20, colourType: PNGFile.colourTypeRGBA, bitDepth: 8)
    }

    @Test("translucent colours come first in the palette, in colour order, and tRNS lists only them")
    func translucentPalette() throws {
        let translucent = [[UInt8]]([[0, 0, 0, 0], [9, 8, 7, 0], [200, 100, 50, 1], [1, 2, 3, 128], [255, 255, 255, 254]])
        let colours = TestImage.distinctColours(20) + translucent
        let rgba = TestImage.using(colours, width: 30, height: 9)
        let png = try roundTrip(rgba, width: 30, height: 9, colourType: PNGFile.colourTypePalette, bitDepth: 8)
        // In colour order: (0, 0, 0), (1, 2, 3), (9, 8, 7), (200, 100, 50), (255, 255, 255).
        #expect(PNGFile.chunkData(png, type: "tRNS") == [0, 128, 0, 1, 254])
        #expect(PNGFile.chunkData(png, type: "PLTE")?.count == 25 * 3)
    }

    static let greyLevels: [([UInt8], UInt8)] = [
        ([0, 255], 1), ([0, 85, 170, 255], 2), ([0, 85, 255], 2), (Array(stride(from: 0, through: 255, by: 17)), 4),
        (Array(0..<200), 8), (Array(0...255), 8),
    ]

    @Test("grey levels that are exact at fewer bits are written at the fewest", arguments: greyLevels)
    func grey(levels: [UInt8], bitDepth: UInt8) throws {
        let rgba = TestImage.using(TestImage.greys(levels), width: 29, height: 13)
        try roundTrip(rgba, width: 29, height: 13, colourType: PNGFile.colourTypeGray, bitDepth: bitDepth)
    }

    @Test("a few grey levels that are not exact at fewer bits make a smaller palette")
    func greyAsPalette() throws {
        let rgba = TestImage.using(TestImage.greys([10, 20, 30]), width: 21, height: 5)
        try roundTrip(rgba, width: 21, height: 5, colourType: PNGFile.colourTypePalette, bitDepth: 2)
    }

    @Test("grey with varying alpha: a palette up to 256 colours, grey and alpha beyond")
    func greyAlpha() throws {
        try roundTrip(
            TestImage.using(TestImage.translucentGreys(100), width: 20, height: 10), width: 20, height: 10,
            colourType: PNGFile.colourTypePalette, bitDepth: 8)
        try roundTrip(
            TestImage.using(TestImage.translucentGreys(600), width: 30, height: 20), width: 30, height: 20,
            colourType: PNGFile.colourTypeGrayAlpha, bitDepth: 8)
    }

    @Test("a fully transparent pixel keeps its colour bytes")
    func transparentColours() throws {
        let colours = [[UInt8]]([[0, 0, 0, 0], [10, 20, 30, 0], [255, 0, 0, 0], [5, 5, 5, 255]])
        try roundTrip(
            TestImage.using(colours, width: 8, height: 8), width: 8, height: 8,
            colourType: PNGFile.colourTypePalette, bitDepth: 2)
        var many = TestImage.translucent(width: 33, height: 17)
        many[0..<4] = [1, 2, 3, 0]
        try roundTrip(many, width: 33, height: 17, colourType: PNGFile.colourTypeRGBA, bitDepth: 8)
    }

    static let reductionsAndTypes: [(PNGEncoder.Reductions, UInt8, UInt8)] = [
        ([], PNGFile.colourTypeRGBA, 8), ([.alpha], PNGFile.colourTypeRGB, 8), ([.grey, .alpha], PNGFile.colourTypeGray, 8),
        ([.palette], PNGFile.colourTypePalette, 2),
    ]

    @Test("each reduction can be turned off", arguments: reductionsAndTypes)
    func reductionsOff(reductions: PNGEncoder.Reductions, colourType: UInt8, bitDepth: UInt8) throws {
        let rgba = TestImage.using([[0, 0, 0, 255], [77, 77, 77, 255], [255, 255, 255, 255]], width: 9, height: 9)
        var configuration = PNGEncoder.Configuration()
        configuration.reductions = reductions
        try roundTrip(
            rgba, width: 9, height: 9, colourType: colourType, bitDepth: bitDepth,
            encoder: PNGEncoder(configuration: configuration))
    }

    @Test(
        "every filter set and strategy gives the same pixels back in every colour type",
        arguments: [
            PNGEncoder.FilterSet.none, .sub, .up, .average, .paeth, [.sub, .paeth], .all,
        ], PNGEncoder.Strategy.allCases)
    func everySetting(filters: PNGEncoder.FilterSet, strategy: PNGEncoder.Strategy) throws {
        let colours: [[[UInt8]]] = [
            TestImage.distinctColours(9), TestImage.greys(Array(stride(from: 0, to: 240, by: 6))),
            TestImage.translucentGreys(300),
        ]
        let images =
            [TestImage.opaque(width: 31, height: 17), TestImage.translucent(width: 31, height: 17)]
            + colours.map { TestImage.using($0, width: 31, height: 17) }
        for level in [0, 1, 9] {
            let encoder = PNGEncoder(configuration: .uniform(.init(level: level, filters: filters, strategy: strategy)))
            for rgba in images {
                #expect(try PNGDecoder.decode(encoder.encode(rgba: rgba, width: 31, height: 17)).rgba == rgba)
            }
        }
    }

    @Test("with an alternative filter set the smaller of the two is written, with the same pixels")
    func alternativeFilters() throws {
        let stored = { (filters: PNGEncoder.FilterSet) in PNGEncoder.Compression(level: 9, filters: filters, strategy: .default) }
        // A vertical ramp: each row is the row above plus one, which the up filter turns into zeros.
        let rgba = (0..<64).flatMap { (y: Int) -> [UInt8] in
            (0..<64).flatMap { (x: Int) -> [UInt8] in [UInt8(y * 3 + x % 7), UInt8(y * 2), UInt8((x * 5 + y) & 0xFF), 255] }
        }
        var trial = stored(.none)
        trial.alternativeFilters = .up
        let sizes = try [stored(.none), stored(.up), trial].map { compression in
            try PNGEncoder(configuration: .uniform(compression)).encode(rgba: rgba, width: 64, height: 64)
        }
        #expect(sizes[2].count == min(sizes[0].count, sizes[1].count))
        #expect(try PNGDecoder.decode(sizes[2]).rgba == rgba)

        // The winning alternative is compressed with its own strategy.
        trial.alternativeStrategy = .filtered
        let filtered = try PNGEncoder(configuration: .uniform(.init(level: 9, filters: .up, strategy: .filtered)))
            .encode(rgba: rgba, width: 64, height: 64)
        #expect(try PNGEncoder(configuration: .uniform(trial)).encode(rgba: rgba, width: 64, height: 64) == filtered)
    }

    /// A picture of 1024 × 512 pixels, surveyed in two parts on two threads, with `top` colours in
    /// its upper half and `bottom` in its lower half.
    static func halves(top: [[UInt8]], bottom: [[UInt8]]) -> [UInt8] {
        TestImage.using(top, width: 1024, height: 256) + TestImage.using(bottom, width: 1024, height: 256)
    }

    @Test(
        "a large picture's parts are surveyed apart and merged: a palette of both halves' colours, the same bytes on any threads")
    func partsMergeIntoOnePalette() throws {
        let colours = TestImage.distinctColours(250)
        // The halves share some colours, each has some of its own, and they meet them in different orders.
        let rgba = Self.halves(top: Array(colours[0..<150]), bottom: Array(colours[100..<250].reversed()))
        let files = try [1, 2, 16].map { threads in
            try roundTrip(
                rgba, width: 1024, height: 512, colourType: PNGFile.colourTypePalette, bitDepth: 8,
                encoder: PNGEncoder(configuration: .init(threads: threads)))
        }
        #expect(files[1] == files[0] && files[2] == files[0])
        #expect(PNGFile.chunkData(files[0], type: "PLTE")?.count == 250 * 3)
    }

    @Test("halves of at most 256 colours each but more together make truecolour")
    func partsBeyondThePaletteTogether() throws {
        let colours = TestImage.distinctColours(400)
        let rgba = Self.halves(top: Array(colours[0..<200]), bottom: Array(colours[200..<400]))
        for threads in [1, 2] {
            try roundTrip(
                rgba, width: 1024, height: 512, colourType: PNGFile.colourTypeRGB, bitDepth: 8,
                encoder: PNGEncoder(configuration: .init(threads: threads)))
        }
    }

    @Test("one half's translucency or colour decides for the whole picture")
    func partsShareTheirFlags() throws {
        let greys = TestImage.greys([0, 85, 170, 255])
        // Grey above, one colour below: a palette, not grey.
        try roundTrip(
            Self.halves(top: greys, bottom: greys + [[10, 20, 30, 255]]), width: 1024, height: 512,
            colourType: PNGFile.colourTypePalette, bitDepth: 4, encoder: PNGEncoder(configuration: .init(threads: 2)))
        // Opaque above, translucent below, more than 256 colours: RGBA.
        let rgba = Self.halves(top: TestImage.distinctColours(300), bottom: TestImage.distinctColours(10, alpha: 128))
        try roundTrip(
            rgba, width: 1024, height: 512, colourType: PNGFile.colourTypeRGBA, bitDepth: 8,
            encoder: PNGEncoder(configuration: .init(threads: 2)))
    }
}
