import PNGFileSupport
import ReliefPNG

/// An APNG read back from its chunks, as a viewer that supports APNG shows it: every frame's
/// control and the canvas after it. Debian's libpng has no APNG support; each frame's data is
/// decoded as a standalone PNG and written over the canvas as its `fcTL` says.
struct DecodedAnimation {
    /// One `fcTL`.
    struct Control: Equatable {
        var width: Int
        var height: Int
        var x: Int
        var y: Int
        /// The delay in seconds.
        var delay: Double
        var dispose: UInt8
        var blend: UInt8
    }

    enum Problem: Error {
        case notAnimated
        case malformed(String)
    }

    let width: Int
    let height: Int
    /// `acTL`'s frame count and plays (0 for ever).
    let declaredFrames: Int
    let plays: Int
    /// Whether the `IDAT` is a picture of its own, outside the animation.
    let hasSeparateDefaultImage: Bool
    let controls: [Control]
    /// Straight RGBA of the whole canvas after each frame.
    let canvases: [[UInt8]]

    init(_ png: [UInt8]) throws {
        let chunks = PNGFile.chunks(png)
        guard chunks.allSatisfy(\.crcMatches), let header = chunks.first, header.type == "IHDR" else {
            throw Problem.malformed("a chunk's CRC or the header")
        }
        width = Int(PNGFile.uint32(header.data, at: 0))
        height = Int(PNGFile.uint32(header.data, at: 4))
        guard let control = chunks.first(where: { $0.type == "acTL" }) else { throw Problem.notAnimated }
        declaredFrames = Int(PNGFile.uint32(control.data, at: 0))
        plays = Int(PNGFile.uint32(control.data, at: 4))
        var controls: [Control] = []
        var streams: [[UInt8]] = []
        var isDefaultImageSeparate = false
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                let field = { PNGFile.uint32(chunk.data, at: $0) }
                let numerator = Double(UInt16(chunk.data[20]) << 8 | UInt16(chunk.data[21]))
                let denominator = Double(UInt16(chunk.data[22]) << 8 | UInt16(chunk.data[23]))
                controls.append(
                    Control(
                        width: Int(field(4)), height: Int(field(8)), x: Int(field(12)), y: Int(field(16)),
                        delay: numerator / (denominator == 0 ? 100 : denominator),
                        dispose: chunk.data[24], blend: chunk.data[25]))
                streams.append([])
            case "IDAT" where controls.isEmpty:
                isDefaultImageSeparate = true
            case "IDAT":
                streams[streams.count - 1] += chunk.data
            case "fdAT":
                streams[streams.count - 1] += chunk.data.dropFirst(4)
            default:
                break
            }
        }
        hasSeparateDefaultImage = isDefaultImageSeparate
        self.controls = controls
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var canvases: [[UInt8]] = []
        for (control, stream) in zip(controls, streams) {
            let picture = try PNGDecoder.decode(
                PNGFile.standalone(
                    from: png, width: UInt32(control.width),
                    height: UInt32(control.height), zlibStream: stream))
            // Blend source: the frame's pixels replace the canvas's, alpha included.
            for row in 0..<control.height {
                let target = ((control.y + row) * width + control.x) * 4
                canvas.replaceSubrange(
                    target..<(target + control.width * 4),
                    with: picture.rgba[(row * control.width * 4)..<((row + 1) * control.width * 4)])
            }
            canvases.append(canvas)
        }
        self.canvases = canvases
    }

    /// How long the frames before the last take, in seconds: the time the change takes to play.
    var playingTime: Double {
        controls.dropLast().reduce(0) { $0 + $1.delay }
    }

    /// The canvas shown at `time` seconds after the start.
    func canvas(at time: Double) -> [UInt8] {
        var start = 0.0
        for (index, control) in controls.enumerated() {
            if time < start + control.delay - 1e-9 { return canvases[index] }
            start += control.delay
        }
        return canvases[canvases.count - 1]
    }
}
