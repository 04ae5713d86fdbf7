import CReliefWebP
import ReliefPNG

/// Encodes 8-bit straight-alpha RGBA pixels as lossless WebP, or an animation as an animated
/// lossless WebP, through libwebp: decoding gives back exactly the pixels given, the colour of
/// fully transparent pixels included. The same pixels always give the same bytes.
///
/// An encoder holds only its configuration: one value can encode on any number of threads at once.
public struct WebPEncoder: Sendable {
    /// How hard the encoder works.
    public struct Configuration: Sendable, Hashable {
        /// libwebp's lossless preset, 0 (fastest) … 9 (smallest): its method and effort together.
        public var level: Int
        /// Whether libwebp may use a second thread; the bytes do not depend on it.
        public var threads: Bool

        /// Creates a configuration.
        public init(level: Int, threads: Bool = true) {
            self.level = level
            self.threads = threads
        }

        /// For a key asked again, encoded on idle CPU: level 8, within 6 % of level 9's bytes at a
        /// ninth of its CPU and at most two thirds of its memory (docs/FORMATS.md).
        public static let smallest = Configuration(level: 8)
        /// A first answer: level 1, a seventh of level 8's CPU for a quarter to a third more bytes.
        public static let fast = Configuration(level: 1)

        /// The most memory libwebp holds encoding `pixels` pixels at this level, beyond the pixels
        /// given: measured peaks of resident memory over renders of 0.1 to 10.6 megapixels and a
        /// 9-megapixel noise image, rounded up (docs/FORMATS.md). From level 2 on, its backward
        /// references cost more a pixel for the first megapixel, their window, than beyond it;
        /// level 9 tries many more entropy codings, each on the whole window, and holds tens of
        /// MiB whatever the size.
        public func estimatedMemory(pixels: Int) -> Int {
            let window = min(pixels, 1 << 20), beyond = pixels - window
            return switch level {
            case ...1: (2 << 20) + 16 * pixels
            case ...7: (2 << 20) + 56 * window + 20 * beyond
            case 8: (2 << 20) + 56 * window + 24 * beyond
            default: (48 << 20) + 64 * pixels
            }
        }
    }

    /// How the encoder works.
    public let configuration: Configuration

    /// Creates an encoder.
    public init(configuration: Configuration = .smallest) {
        self.configuration = configuration
    }

    private var settings: relief_webp_settings {
        relief_webp_settings(level: Int32(clamping: configuration.level), threads: configuration.threads ? 1 : 0)
    }

    /// The lossless WebP of `rgba`: straight-alpha RGBA, 4 bytes a pixel, rows tightly packed, exactly
    /// `width * height * 4` bytes.
    ///
    /// - Throws: ``ImageFormatError`` when a size is not positive or too large for WebP (16383 pixels
    ///   a side), the buffer has the wrong size, the level is out of range, or libwebp fails.
    public func encode(rgba: [UInt8], width: Int, height: Int) throws(ImageFormatError) -> [UInt8] {
        let (cWidth, cHeight) = try ImageFormatError.checkPixels(byteCount: rgba.count, width: width, height: height)
        var settings = settings
        var webp = relief_webp_buffer()
        defer { relief_webp_buffer_free(&webp) }
        try rgba.withUnsafeBufferPointer { (pixels) throws(ImageFormatError) in
            try ImageFormatError.check { message, capacity in
                relief_webp_encode(pixels.baseAddress, cWidth, cHeight, &settings, &webp, message, capacity)
            }
        }
        return [UInt8](UnsafeBufferPointer(start: webp.bytes, count: webp.count))
    }

    /// The animated lossless WebP of `animation`: every canvas its frames make, each for its delay,
    /// played `plays` times (0 for ever). A separate default image is the still the file ends on: a
    /// loop that shows it midway and ends back on its start begins, in the WebP, right after it, so
    /// it plays the same cycle and its last frame is that still (WebP has no default image apart
    /// from its frames).
    ///
    /// - Throws: ``ImageFormatError`` when there is no frame, a frame does not lie on the canvas, the
    ///   first does not cover it, a buffer has the wrong size, or libwebp fails.
    public func encode(_ animation: PNGEncoder.Animation) throws(ImageFormatError) -> [UInt8] {
        let (width, height) = try ImageFormatError.checkPixels(
            byteCount: 4 * animation.width * animation.height, width: animation.width, height: animation.height)
        guard let plays = UInt32(exactly: animation.plays) else {
            throw ImageFormatError(message: "plays \(animation.plays) is out of range; allowed: 0 (for ever) ... 65535")
        }
        var still: [UInt8]? = nil
        if case .separate(let rgba) = animation.defaultImage {
            _ = try ImageFormatError.checkPixels(byteCount: rgba.count, width: animation.width, height: animation.height)
            still = rgba
        }
        var pictures: [relief_webp_picture] = []
        for (index, frame) in animation.frames.enumerated() {
            let (frameWidth, frameHeight) = try ImageFormatError.checkPixels(
                byteCount: frame.rgba.count, width: frame.width, height: frame.height)
            guard let x = UInt32(exactly: frame.x), let y = UInt32(exactly: frame.y) else {
                throw ImageFormatError(message: "frame \(index) is placed at \(frame.x), \(frame.y); an offset is at least 0")
            }
            pictures.append(
                relief_webp_picture(
                    rgba: nil, width: frameWidth, height: frameHeight, x: x, y: y,
                    delay_numerator: frame.delay.numerator, delay_denominator: frame.delay.denominator))
        }
        var settings = settings
        var webp = relief_webp_buffer()
        defer { relief_webp_buffer_free(&webp) }
        try Self.withPixels(of: animation.frames.map(\.rgba), in: &pictures, from: 0) { (pictures) throws(ImageFormatError) in
            try ImageFormatError.check { message, capacity in
                if let still {
                    still.withUnsafeBufferPointer {
                        relief_webp_encode_animation(
                            pictures.baseAddress, pictures.count, width, height, plays, $0.baseAddress, &settings, &webp,
                            message, capacity)
                    }
                } else {
                    relief_webp_encode_animation(
                        pictures.baseAddress, pictures.count, width, height, plays, nil, &settings, &webp, message,
                        capacity)
                }
            }
        }
        return [UInt8](UnsafeBufferPointer(start: webp.bytes, count: webp.count))
    }

    /// Runs `body` with each picture pointing at its pixels, which stay in place until it returns.
    private static func withPixels(
        of buffers: [[UInt8]], in pictures: inout [relief_webp_picture], from index: Int,
        _ body: (UnsafeBufferPointer<relief_webp_picture>) throws(ImageFormatError) -> Void
    ) throws(ImageFormatError) {
        guard index < buffers.count else {
            try pictures.withUnsafeBufferPointer { (pointer) throws(ImageFormatError) in try body(pointer) }
            return
        }
        try buffers[index].withUnsafeBufferPointer { (pixels) throws(ImageFormatError) in
            pictures[index].rgba = pixels.baseAddress
            try withPixels(of: buffers, in: &pictures, from: index + 1, body)
        }
    }
}

/// Decodes still WebP files to 8-bit straight-alpha RGBA through libwebp, refusing images of more than
/// 64 Mi pixels before their pixels are allocated.
public enum WebPDecoder {
    /// The pixels of a still WebP.
    ///
    /// - Throws: ``ImageFormatError`` when the data is not a still WebP or is too large.
    public static func decode(_ webp: [UInt8]) throws(ImageFormatError) -> DecodedImage {
        var image = relief_webp_image()
        defer { relief_webp_buffer_free(&image.rgba) }
        try webp.withUnsafeBufferPointer { (bytes) throws(ImageFormatError) in
            try ImageFormatError.check { message, capacity in
                relief_webp_decode_rgba(bytes.baseAddress, bytes.count, &image, message, capacity)
            }
        }
        return DecodedImage(
            width: Int(image.width), height: Int(image.height),
            rgba: [UInt8](UnsafeBufferPointer(start: image.rgba.bytes, count: image.rgba.count)))
    }
}
