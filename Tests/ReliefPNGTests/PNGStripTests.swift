import Foundation
import PNGFileSupport
import ReliefPNG
import Testing

/// Pictures of 256 KiB of filtered rows or more are deflated in strips, on several threads, and
/// joined into one zlib stream.
@Suite("PNG strips deflated in parallel")
struct PNGStripTests {
    /// Images that are cut into strips: RGB of 1,050,500 filtered bytes (8 strips), RGBA of 300,250
    /// (2) and a palette image of 480,400 (3).
    static let images: [(name: String, rgba: [UInt8], width: Int, height: Int)] = [
        ("rgb", TestImage.opaque(width: 700, height: 500), 700, 500),
        ("rgba", TestImage.translucent(width: 300, height: 250), 300, 250),
        ("palette", TestImage.using(TestImage.distinctColours(200), width: 1200, height: 400), 1200, 400),
    ]

    static func encoder(threads: Int) -> PNGEncoder {
        PNGEncoder(configuration: .init(threads: threads))
    }

    @Test("the pixels come back exactly, and the bytes are the same on any number of threads", arguments: images.indices)
    func sameBytesOnAnyThreads(index: Int) throws {
        let image = Self.images[index]
        let files = try [1, 2, 3, 16].map { threads in
            try Self.encoder(threads: threads).encode(rgba: image.rgba, width: image.width, height: image.height)
        }
        for file in files {
            #expect(file == files[0], "\(image.name)")
        }
        let decoded = try PNGDecoder.decode(files[0])
        #expect(decoded.width == image.width && decoded.height == image.height && decoded.rgba == image.rgba, "\(image.name)")
    }

    @Test("an animation's pictures, compressed at once on the threads, give the same bytes on any number of them")
    func animationOnAnyThreads() throws {
        let whole = Self.images[0]
        let patch = TestImage.translucent(width: 90, height: 60).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let frames =
            [
                PNGEncoder.Frame(
                    rgba: whole.rgba, width: whole.width, height: whole.height, delay: .init(numerator: 1, denominator: 30))
            ]
            + (0..<6).map { step in
                PNGEncoder.Frame(
                    rgba: patch, width: 90, height: 60, x: 40 * step, y: 30 * step, delay: .init(numerator: 1, denominator: 30))
            }
        let animation = PNGEncoder.Animation(width: whole.width, height: whole.height, frames: frames)
        let files = try [1, 2, 16].map { threads in try Self.encoder(threads: threads).encode(animation) }
        #expect(files[1] == files[0] && files[2] == files[0])
        #expect(try PNGDecoder.decode(files[0]).rgba == whole.rgba)
    }

    @Test("threads outside 1 ... 16 are an error naming the allowed range", arguments: [0, 17])
    func threadsOutOfRange(threads: Int) {
        #expect(throws: PNGError(message: "threads \(threads) is out of range; allowed: 1...16")) {
            try Self.encoder(threads: threads).encode(rgba: [0, 0, 0, 255], width: 1, height: 1)
        }
    }
}

/// Python's zlib, which checks the stream's adler32, reads the joined strips as one stream that
/// ends exactly where the data does. Runs where the project's virtual environment exists.
@Suite("PNG strips as zlib sees them", .enabled(if: ProjectPython.executable != nil))
struct PNGStripZlibTests {
    static let inflater = """
        import sys, zlib
        stream = zlib.decompressobj()
        rows = stream.decompress(sys.stdin.buffer.read())
        assert stream.eof and not stream.unused_data
        print(len(rows))
        """

    @Test("the image data of every split picture is one complete zlib stream", arguments: PNGStripTests.images.indices)
    func oneZlibStream(index: Int) throws {
        let image = PNGStripTests.images[index]
        let png = try PNGEncoder().encode(rgba: image.rgba, width: image.width, height: image.height)
        let data = PNGFile.chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
        let process = Process()
        process.executableURL = ProjectPython.executable
        process.arguments = ["-c", Self.inflater]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(data))
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let bytesPerPixel = [PNGFile.colourTypeRGB: 3, PNGFile.colourTypeRGBA: 4][PNGFile.colourType(png)] ?? 1
        #expect(Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) == (image.width * bytesPerPixel + 1) * image.height)
    }
}
