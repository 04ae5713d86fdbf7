import CReliefAVIF
import Foundation
import ReliefPNG

/// Encodes 8-bit straight-alpha RGBA pixels as an AVIF still through libavif and libaom: one AV1 key
/// frame of full-range YUV in sRGB, with an alpha plane only where some pixel is not opaque. Lossy,
/// by the quantizer: the defaults keep every render at least 40 dB from its pixels
/// (docs/FORMATS.md). The same pixels and settings always give the same bytes.
///
/// An encoder holds only its configuration: one value can encode on any number of threads at once.
public struct AVIFEncoder: Sendable {
    /// How the colour planes are sampled.
    public enum Chroma: Sendable, Hashable {
        /// Every pixel its own colour: the sharp coloured edges of text and icons stay sharp.
        case full
        /// One colour for each 2 × 2 pixels, as photographs are stored.
        case half
    }

    /// How the encoder works.
    public struct Configuration: Sendable, Hashable {
        /// AV1's quantizer of the colour planes, 0 (lossless) … 63 (worst).
        public var quantizer: Int
        /// The quantizer of the alpha plane, 0 … 63.
        public var alphaQuantizer: Int
        /// libaom's speed, 0 (slowest, smallest) … 10 (fastest).
        public var speed: Int
        /// How the colour planes are sampled.
        public var chroma: Chroma
        /// Threads libaom may use, 1 … 64.
        public var threads: Int

        /// Creates a configuration.
        public init(quantizer: Int, alphaQuantizer: Int, speed: Int, chroma: Chroma = .full, threads: Int = 1) {
            self.quantizer = quantizer
            self.alphaQuantizer = alphaQuantizer
            self.speed = speed
            self.chroma = chroma
            self.threads = threads
        }

        /// The smallest files measured at the quality bound (docs/FORMATS.md), for a key asked again.
        public static let smallest = Configuration(quantizer: defaultQuantizer, alphaQuantizer: defaultAlphaQuantizer, speed: 4)
        /// A first answer: the same quality, at libaom's speed 9.
        public static let fast = Configuration(quantizer: defaultQuantizer, alphaQuantizer: defaultAlphaQuantizer, speed: 9)

        /// The most memory libavif and libaom hold encoding `pixels` pixels at this speed, beyond the
        /// pixels given (the YUV 4:4:4 planes, libaom's frame buffers and their borders, its search's
        /// tables): measured peaks of resident memory over renders of 0.1 to 10.6 megapixels and a
        /// 9-megapixel noise image, on two threads, rounded up (docs/FORMATS.md). Slower speeds keep
        /// more candidates.
        public func estimatedMemory(pixels: Int) -> Int {
            speed >= 7 ? (10 << 20) + 24 * pixels : (16 << 20) + 40 * pixels
        }

        /// The colour planes' quantizer of both efforts (docs/FORMATS.md says how it was chosen).
        static let defaultQuantizer = 24
        /// The alpha plane's quantizer: an edge's coverage is more visible than its colour.
        static let defaultAlphaQuantizer = 10
    }

    /// How the encoder works.
    public let configuration: Configuration

    /// Creates an encoder.
    public init(configuration: Configuration = .smallest) {
        self.configuration = configuration
    }

    /// The AVIF of `rgba`: straight-alpha RGBA, 4 bytes a pixel, rows tightly packed, exactly
    /// `width * height * 4` bytes.
    ///
    /// - Throws: ``ImageFormatError`` when a size is not positive, the buffer has the wrong size, a
    ///   setting is out of range, or libavif fails.
    public func encode(rgba: [UInt8], width: Int, height: Int) throws(ImageFormatError) -> [UInt8] {
        let (cWidth, cHeight) = try ImageFormatError.checkPixels(byteCount: rgba.count, width: width, height: height)
        var settings = relief_avif_settings(
            quantizer: Int32(clamping: configuration.quantizer),
            alpha_quantizer: Int32(clamping: configuration.alphaQuantizer),
            speed: Int32(clamping: configuration.speed),
            chroma: configuration.chroma == .full ? RELIEF_AVIF_CHROMA_444 : RELIEF_AVIF_CHROMA_420,
            threads: Int32(clamping: configuration.threads))
        var avif = relief_avif_buffer()
        defer { relief_avif_buffer_free(&avif) }
        try rgba.withUnsafeBufferPointer { (pixels) throws(ImageFormatError) in
            try ImageFormatError.check { message, capacity in
                relief_avif_encode(pixels.baseAddress, cWidth, cHeight, &settings, &avif, message, capacity)
            }
        }
        return [UInt8](UnsafeBufferPointer(start: avif.bytes, count: avif.count))
    }
}

/// Decodes AVIF files to 8-bit straight-alpha RGBA through libavif, refusing images of more than
/// 64 Mi pixels before their pixels are allocated.
public enum AVIFDecoder {
    /// The pixels of an AVIF's first image.
    ///
    /// - Throws: ``ImageFormatError`` when the data is not an AVIF or is too large.
    public static func decode(_ avif: [UInt8]) throws(ImageFormatError) -> DecodedImage {
        var image = relief_avif_image()
        defer { relief_avif_buffer_free(&image.rgba) }
        try avif.withUnsafeBufferPointer { (bytes) throws(ImageFormatError) in
            try ImageFormatError.check { message, capacity in
                relief_avif_decode_rgba(bytes.baseAddress, bytes.count, &image, message, capacity)
            }
        }
        return DecodedImage(
            width: Int(image.width), height: Int(image.height),
            rgba: [UInt8](UnsafeBufferPointer(start: image.rgba.bytes, count: image.rgba.count)))
    }

    /// The peak signal-to-noise ratio of `decoded` against `original`, in dB, over every channel of
    /// every pixel (alpha included; colour weighted by nothing): infinity when they are equal.
    public static func psnr(of decoded: DecodedImage, against original: DecodedImage) -> Double {
        precondition(decoded.width == original.width && decoded.height == original.height, "images of one size")
        var squares = 0.0
        for index in original.rgba.indices {
            let difference = Double(decoded.rgba[index]) - Double(original.rgba[index])
            squares += difference * difference
        }
        guard squares > 0 else { return .infinity }
        let meanSquare = squares / Double(original.rgba.count)
        return 10 * log10(255 * 255 / meanSquare)
    }
}
