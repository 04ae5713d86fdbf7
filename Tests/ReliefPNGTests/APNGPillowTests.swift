import Foundation
import PNGFileSupport
import ReliefPNG
import Testing

/// Pillow, an APNG reader independent of this project and of libpng, composites every frame the
/// encoder writes (applying dispose and blend) and must see each frame's whole canvas. Runs where
/// the project's virtual environment exists (`scripts/install-deps.sh python`, which `make test`
/// runs first).
@Suite("APNG frames as Pillow sees them", .enabled(if: ProjectPython.executable != nil))
struct APNGPillowTests {
    typealias Frame = PNGEncoder.Frame

    /// Prints, per frame Pillow shows, the canvas as hex RGBA on one line.
    static let reader = """
        import sys
        from PIL import Image
        image = Image.open(sys.argv[1])
        for index in range(image.n_frames):
            image.seek(index)
            print(image.convert("RGBA").tobytes().hex())
        """

    /// The canvases Pillow composites from the file, one per frame (the default image first when
    /// it is separate).
    func canvases(_ png: [UInt8]) throws -> [[UInt8]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apng-pillow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("animation.png")
        try Data(png).write(to: file)
        let process = Process()
        process.executableURL = ProjectPython.executable
        process.arguments = ["-c", Self.reader, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            let digits = Array(line)
            return try stride(from: 0, to: digits.count, by: 2).map { offset in
                try #require(UInt8(String(decoding: digits[offset..<(offset + 2)], as: UTF8.self), radix: 16))
            }
        }
    }

    /// `canvas` with `frame` written over its rectangle, alpha included (blend source).
    static func replacing(_ canvas: [UInt8], width: Int, with frame: Frame) -> [UInt8] {
        var canvas = canvas
        for row in 0..<frame.height {
            let target = ((frame.y + row) * width + frame.x) * 4
            canvas.replaceSubrange(
                target..<(target + frame.width * 4), with: frame.rgba[(row * frame.width * 4)..<((row + 1) * frame.width * 4)])
        }
        return canvas
    }

    /// Equal alpha everywhere and equal colour wherever alpha is above 0: Pillow's compositing does
    /// not keep the colour of a fully transparent pixel.
    static func visiblyEqual(_ seen: [UInt8], _ expected: [UInt8]) -> Bool {
        guard seen.count == expected.count else { return false }
        for pixel in stride(from: 0, to: expected.count, by: 4) {
            let alpha = expected[pixel + 3]
            guard seen[pixel + 3] == alpha else { return false }
            if alpha > 0, seen[pixel..<(pixel + 3)] != expected[pixel..<(pixel + 3)] { return false }
        }
        return true
    }

    /// Translucent frames, so that blending over instead of replacing would show.
    static func frames(colours: Int) -> [Frame] {
        let palette = TestImage.distinctColours(colours, alpha: 200)
        return [
            Frame(
                rgba: TestImage.using(palette, width: 24, height: 16), width: 24, height: 16,
                delay: .init(numerator: 1, denominator: 10)),
            Frame(
                rgba: TestImage.using(Array(palette.reversed().prefix(30)), width: 6, height: 5), width: 6, height: 5, x: 3, y: 2,
                delay: .init(numerator: 1, denominator: 10)),
            Frame(
                rgba: [UInt8](repeating: 0, count: 24 * 2 * 4), width: 24, height: 2, x: 0, y: 14,
                delay: .init(numerator: 1, denominator: 10)),
        ]
    }

    @Test(
        "every frame composites to its whole picture, palette or RGBA, default image first or apart", arguments: [20, 300],
        [false, true])
    func frames(colours: Int, separateDefault: Bool) throws {
        let frames = Self.frames(colours: colours)
        let shown = TestImage.translucent(width: 24, height: 16)
        var expected = [frames[0].rgba]
        for frame in frames.dropFirst() {
            expected.append(Self.replacing(expected.last!, width: 24, with: frame))
        }
        if separateDefault { expected.insert(shown, at: 0) }
        let animation = PNGEncoder.Animation(
            width: 24, height: 16, frames: frames, defaultImage: separateDefault ? .separate(rgba: shown) : .firstFrame)
        let seen = try canvases(try PNGEncoder().encode(animation))
        try #require(seen.count == expected.count)
        for (index, (canvas, picture)) in zip(seen, expected).enumerated() {
            #expect(Self.visiblyEqual(canvas, picture), "frame \(index) as Pillow composites it")
        }
    }
}
