import PNGFileSupport
import ReliefPNG
import Testing

/// APNGs read back without libpng's help: chunk order, sequence numbers, CRCs and each frame's pixels.
@Suite("APNG encoder")
struct APNGEncoderTests {
    typealias Animation = PNGEncoder.Animation
    typealias Frame = PNGEncoder.Frame

    let encoder = PNGEncoder()

    /// A 48 × 32 first frame and two smaller frames that change a rectangle each.
    static func frames(_ image: (Int, Int) -> [UInt8]) -> [Frame] {
        [
            Frame(rgba: image(48, 32), width: 48, height: 32, delay: .init(numerator: 1, denominator: 30)),
            Frame(rgba: image(10, 7), width: 10, height: 7, x: 5, y: 3, delay: .init(numerator: 2, denominator: 30)),
            Frame(rgba: image(48, 1), width: 48, height: 1, x: 0, y: 31, delay: .init(numerator: 1000, denominator: 0)),
        ]
    }

    /// What a reader learns from an APNG's chunks: the frame controls in order, each frame's zlib
    /// stream, and the stream of the default image.
    struct Reading {
        var types: [String] = []
        var sequenceNumbers: [UInt32] = []
        var controls: [[UInt8]] = []
        var frameStreams: [[UInt8]] = []
        var defaultStream: [UInt8] = []
        var frameCount: UInt32 = 0
        var plays: UInt32 = 0
    }

    /// Reads the chunks, checking every CRC, and gathers each frame's data: IDAT data belongs to
    /// the frame whose fcTL came before it, if any.
    func read(_ png: [UInt8]) throws -> Reading {
        var reading = Reading()
        for chunk in PNGFile.chunks(png) {
            #expect(chunk.crcMatches, "the CRC of \(chunk.type)")
            reading.types.append(chunk.type)
            switch chunk.type {
            case "acTL":
                reading.frameCount = PNGFile.uint32(chunk.data, at: 0)
                reading.plays = PNGFile.uint32(chunk.data, at: 4)
            case "fcTL":
                reading.sequenceNumbers.append(PNGFile.uint32(chunk.data, at: 0))
                reading.controls.append(chunk.data)
                reading.frameStreams.append([])
            case "IDAT":
                reading.defaultStream += chunk.data
                if !reading.frameStreams.isEmpty { reading.frameStreams[reading.frameStreams.count - 1] += chunk.data }
            case "fdAT":
                reading.sequenceNumbers.append(PNGFile.uint32(chunk.data, at: 0))
                reading.frameStreams[reading.frameStreams.count - 1] += chunk.data.dropFirst(4)
            default:
                break
            }
        }
        return reading
    }

    /// Checks the frame controls against the frames and decodes every frame's data to its pixels.
    func expectFrames(_ reading: Reading, png: [UInt8], equal frames: [Frame]) throws {
        #expect(reading.frameCount == UInt32(frames.count))
        #expect(reading.sequenceNumbers == (0..<UInt32(reading.sequenceNumbers.count)).map { $0 })
        try #require(reading.controls.count == frames.count)
        for (index, frame) in frames.enumerated() {
            let control = reading.controls[index]
            #expect(
                (1...4).map { PNGFile.uint32(control, at: $0 * 4) }
                    == [frame.width, frame.height, frame.x, frame.y].map { UInt32($0) })
            #expect(
                Array(control[20..<24]) == [
                    UInt8(frame.delay.numerator >> 8), UInt8(frame.delay.numerator & 0xFF),
                    UInt8(frame.delay.denominator >> 8), UInt8(frame.delay.denominator & 0xFF),
                ])
            #expect(Array(control[24..<26]) == [0, 0], "dispose none, blend source")
            let standalone = PNGFile.standalone(
                from: png, width: UInt32(frame.width), height: UInt32(frame.height),
                zlibStream: reading.frameStreams[index])
            #expect(try PNGDecoder.decode(standalone).rgba == frame.rgba, "frame \(index)")
        }
    }

    @Test("the first frame as the default image: acTL, fcTL and IDAT, then fcTL and fdAT per frame")
    func firstFrameDefault() throws {
        let frames = Self.frames(TestImage.opaque)
        let png = try encoder.encode(Animation(width: 48, height: 32, frames: frames, plays: 3))
        let reading = try read(png)
        let order = reading.types.filter { ["acTL", "fcTL", "IDAT", "fdAT", "IEND"].contains($0) }
        #expect(order == ["acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(reading.types.first == "IHDR")
        #expect(reading.plays == 3)
        try expectFrames(reading, png: png, equal: frames)
        #expect(try PNGDecoder.decode(png).rgba == frames[0].rgba)
    }

    @Test("a separate default image: IDAT without fcTL before the frames, all of them fdAT")
    func separateDefault() throws {
        let frames = Self.frames(TestImage.translucent)
        var shown = TestImage.translucent(width: 48, height: 32)
        shown.reverse()
        let png = try encoder.encode(Animation(width: 48, height: 32, frames: frames, defaultImage: .separate(rgba: shown)))
        let reading = try read(png)
        let order = reading.types.filter { ["acTL", "fcTL", "IDAT", "fdAT", "IEND"].contains($0) }
        #expect(order == ["acTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(reading.plays == 0)
        try expectFrames(reading, png: png, equal: frames)
        #expect(try PNGDecoder.decode(png).rgba == shown)
        #expect(PNGFile.colourType(png) == PNGFile.colourTypeRGBA)
    }

    @Test("frames whose colours together fit a palette share one PLTE")
    func sharedPalette() throws {
        let palettes = [TestImage.distinctColours(100), TestImage.distinctColours(200, alpha: 128).suffix(100)]
        let frames = [
            Frame(
                rgba: TestImage.using(palettes[0], width: 20, height: 20), width: 20, height: 20,
                delay: .init(numerator: 1, denominator: 10)),
            Frame(
                rgba: TestImage.using(Array(palettes[1]), width: 12, height: 12), width: 12, height: 12, x: 8, y: 8,
                delay: .init(numerator: 1, denominator: 10)),
        ]
        let png = try encoder.encode(Animation(width: 20, height: 20, frames: frames))
        #expect(PNGFile.colourType(png) == PNGFile.colourTypePalette)
        #expect(PNGFile.chunks(png).filter { $0.type == "PLTE" }.map(\.data.count) == [200 * 3])
        #expect(PNGFile.chunkData(png, type: "tRNS")?.count == 100)
        try expectFrames(try read(png), png: png, equal: frames)
    }

    @Test("frames with more than 256 colours together are all truecolour")
    func truecolourAcrossFrames() throws {
        let frames = [
            Frame(
                rgba: TestImage.using(TestImage.distinctColours(200), width: 20, height: 20), width: 20, height: 20,
                delay: .init(numerator: 1, denominator: 10)),
            Frame(
                rgba: TestImage.using(Array(TestImage.distinctColours(400).suffix(200)), width: 20, height: 10), width: 20,
                height: 10,
                delay: .init(numerator: 1, denominator: 10)),
        ]
        let png = try encoder.encode(Animation(width: 20, height: 20, frames: frames))
        #expect(PNGFile.colourType(png) == PNGFile.colourTypeRGB)
        try expectFrames(try read(png), png: png, equal: frames)
    }

    @Test(
        "a frame that does not fit the canvas, or a first frame or default image that does not cover it, is refused",
        arguments: [
            (
                Frame(
                    rgba: [UInt8](repeating: 9, count: 4 * 10 * 10), width: 10, height: 10, x: 40, y: 0,
                    delay: .init(numerator: 1, denominator: 1)),
                PNGEncoder.DefaultImage.firstFrame, "frame 1 (10 x 10 at 40, 0) does not lie on the 48 x 32 canvas"
            ),
            (
                Frame(rgba: [UInt8](repeating: 9, count: 4), width: 1, height: 1, delay: .init(numerator: 1, denominator: 1)),
                .separate(rgba: [UInt8](repeating: 9, count: 4)),
                "the default image holds 4 bytes; a 48 × 32 image needs width × height × 4 = 6144 bytes"
            ),
            (
                Frame(
                    rgba: [UInt8](repeating: 9, count: 4), width: 1, height: 1, x: -1, delay: .init(numerator: 1, denominator: 1)),
                .firstFrame, "frame 1 is placed at -1, 0; an offset is at least 0"
            ),
        ])
    func refused(extra: Frame, defaultImage: PNGEncoder.DefaultImage, message: String) {
        let frames = [
            Frame(
                rgba: TestImage.opaque(width: 48, height: 32), width: 48, height: 32, delay: .init(numerator: 1, denominator: 1)),
            extra,
        ]
        #expect(throws: PNGError(message: message)) {
            try encoder.encode(Animation(width: 48, height: 32, frames: frames, defaultImage: defaultImage))
        }
    }

    @Test("the first frame covers the canvas; an animation has frames and plays fit 32 bits")
    func refusedAnimations() {
        let small = Frame(
            rgba: TestImage.opaque(width: 8, height: 8), width: 8, height: 8, delay: .init(numerator: 1, denominator: 1))
        #expect(
            throws: PNGError(
                message: "frame 0 is 8 x 8 at 0, 0; the first frame and the default image cover the 48 x 32 canvas at 0, 0")
        ) {
            try encoder.encode(Animation(width: 48, height: 32, frames: [small]))
        }
        #expect(throws: PNGError(message: "an animation needs at least one frame")) {
            try encoder.encode(Animation(width: 48, height: 32, frames: []))
        }
        #expect(throws: PNGError(message: "plays -1 is out of range; allowed: 0 (for ever) ... 4294967295")) {
            try encoder.encode(Animation(width: 8, height: 8, frames: [small], plays: -1))
        }
    }
}
