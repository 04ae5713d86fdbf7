import CReliefPNG

extension PNGEncoder {
    /// An animation to encode as an APNG: frames on a canvas, shown one after another.
    ///
    /// The first frame covers the canvas; each frame after it holds only the rectangle that changed
    /// since the frame before, and replaces the canvas there, alpha included (APNG `blend_op`
    /// source), and stays when the next frame is drawn (`dispose_op` none). So the canvas after
    /// frame *k* is the whole picture of frame *k*, whatever its transparency, and no frame needs
    /// to redraw what did not change.
    public struct Animation: Sendable, Hashable {
        /// The canvas width in pixels, at least 1.
        public var width: Int
        /// The canvas height in pixels, at least 1.
        public var height: Int
        /// The frames in order; at least one, the first covering the canvas at (0, 0).
        public var frames: [Frame]
        /// How many times the animation plays, 0 for ever.
        public var plays: Int
        /// What a viewer without APNG support shows.
        public var defaultImage: DefaultImage

        /// Creates an animation.
        public init(width: Int, height: Int, frames: [Frame], plays: Int = 0, defaultImage: DefaultImage = .firstFrame) {
            self.width = width
            self.height = height
            self.frames = frames
            self.plays = plays
            self.defaultImage = defaultImage
        }
    }

    /// The picture written as the APNG's `IDAT`, the only one a viewer without APNG support shows.
    public enum DefaultImage: Sendable, Hashable {
        /// The first frame is the default image: the smallest file, for an animation whose first
        /// frame is the picture to show without animation.
        case firstFrame
        /// A picture of its own (straight-alpha RGBA covering the canvas), which is not part of the
        /// animation: for an animation that ends on the picture to show, such as a change *into* a
        /// state. It costs one more image in the file.
        case separate(rgba: [UInt8])
    }

    /// One frame: straight-alpha RGBA pixels placed at (`x`, `y`) on the canvas, shown for `delay`.
    public struct Frame: Sendable, Hashable {
        /// `width * height * 4` bytes, rows tightly packed, top row first.
        public var rgba: [UInt8]
        /// Width in pixels, at least 1.
        public var width: Int
        /// Height in pixels, at least 1.
        public var height: Int
        /// The left edge on the canvas.
        public var x: Int
        /// The top edge on the canvas.
        public var y: Int
        /// How long the frame shows.
        public var delay: Delay

        /// Creates a frame.
        public init(rgba: [UInt8], width: Int, height: Int, x: Int = 0, y: Int = 0, delay: Delay) {
            self.rgba = rgba
            self.width = width
            self.height = height
            self.x = x
            self.y = y
            self.delay = delay
        }
    }

    /// A frame's duration: `numerator / denominator` seconds, as APNG stores it.
    public struct Delay: Sendable, Hashable {
        /// The seconds' numerator.
        public var numerator: UInt16
        /// The seconds' denominator; 0 means 100 (APNG's rule).
        public var denominator: UInt16

        /// Creates a delay of `numerator / denominator` seconds.
        public init(numerator: UInt16, denominator: UInt16) {
            self.numerator = numerator
            self.denominator = denominator
        }

        /// The delay nearest `seconds` (at least 0) that the 16-bit fraction holds: the last
        /// convergent of its continued fraction whose terms fit, so 1/30 s, 1/24 s and 100/2997 s
        /// are exact and a frame rate's delays add up without drift. At most 65535 s.
        public init(seconds: Double) {
            let limit = Int(UInt16.max)
            guard seconds < Double(limit) else {
                self.init(numerator: UInt16.max, denominator: 1)
                return
            }
            // h/k is the latest convergent, previous/previousK the one before it.
            var (h, previousH, k, previousK) = (1, 0, 0, 1)
            var rest = max(seconds, 0)
            repeat {
                let term = Int(rest)
                let (nextH, nextK) = (term * h + previousH, term * k + previousK)
                guard nextH <= limit, nextK <= limit else { break }
                (previousH, h, previousK, k) = (h, nextH, k, nextK)
                let fraction = rest - Double(term)
                guard fraction > 1e-12 else { break }
                rest = 1 / fraction
            } while true
            self.init(numerator: UInt16(h), denominator: UInt16(k))
        }
    }

    /// Encodes an animation as an APNG: `acTL`, then per frame an `fcTL` and its data (`IDAT` for
    /// the default image, `fdAT` for the others), all pictures in one colour type, with one
    /// palette when all of them together have at most 256 colours.
    ///
    /// - Throws: `PNGError` when a size is not positive, a buffer has the wrong size, a frame lies
    ///   outside the canvas, the first frame or the default image does not cover the canvas,
    ///   `plays` is out of range, the configuration is out of range, or libpng fails.
    public func encode(_ animation: Animation) throws(PNGError) -> [UInt8] {
        guard !animation.frames.isEmpty else { throw PNGError(message: "an animation needs at least one frame") }
        guard let plays = UInt32(exactly: animation.plays) else {
            throw PNGError(message: "plays \(animation.plays) is out of range; allowed: 0 (for ever) ... \(UInt32.max)")
        }
        let (width, height) = try Self.validatedSize(width: animation.width, height: animation.height)
        var images = animation.frames.enumerated().map { index, frame in (name: "frame \(index)", frame: frame) }
        if case .separate(let rgba) = animation.defaultImage {
            let image = Frame(
                rgba: rgba, width: animation.width, height: animation.height, delay: Delay(numerator: 0, denominator: 0))
            images.insert(("the default image", image), at: 0)
        }
        var pictures: [relief_png_picture] = []
        for (name, image) in images {
            let (pictureWidth, pictureHeight) = try Self.validatedDimensions(
                byteCount: image.rgba.count, width: image.width,
                height: image.height, of: name)
            guard let x = UInt32(exactly: image.x), let y = UInt32(exactly: image.y) else {
                throw PNGError(message: "\(name) is placed at \(image.x), \(image.y); an offset is at least 0")
            }
            pictures.append(
                relief_png_picture(
                    rgba: nil, width: pictureWidth, height: pictureHeight, x: x, y: y,
                    delay_numerator: image.delay.numerator, delay_denominator: image.delay.denominator))
        }
        let kind =
            images.count > animation.frames.count
            ? RELIEF_PNG_ANIMATION_SEPARATE_DEFAULT : RELIEF_PNG_ANIMATION_FIRST_FRAME_DEFAULT
        return try Self.withPixels(of: images.map(\.frame.rgba), in: &pictures, from: 0) { (pictures) throws(PNGError) in
            try encode(pictures, kind: kind, width: width, height: height, plays: plays)
        }
    }

    /// Runs `body` with each picture pointing at its pixels, which stay in place until it returns.
    private static func withPixels(
        of buffers: [[UInt8]], in pictures: inout [relief_png_picture], from index: Int,
        _ body: ([relief_png_picture]) throws(PNGError) -> [UInt8]
    ) throws(PNGError) -> [UInt8] {
        guard index < buffers.count else { return try body(pictures) }
        return try buffers[index].withUnsafeBufferPointer { (pixels) throws(PNGError) in
            pictures[index].rgba = pixels.baseAddress
            return try withPixels(of: buffers, in: &pictures, from: index + 1, body)
        }
    }
}
