import CReliefPNG

/// Encodes 8-bit straight-alpha RGBA pixels as PNG, or frames as APNG, through libpng and zlib.
///
/// Each file is written in the smallest lossless colour type its pixels allow: a palette of 1, 2,
/// 4 or 8 bits (with `tRNS` where alpha varies) for at most 256 distinct colours, grey (with alpha
/// where it varies) when red, green and blue are equal everywhere, RGB when alpha is 255
/// everywhere, else RGBA. Decoding gives back exactly the pixels given. Every file carries an sRGB
/// chunk (perceptual intent), because all of the project's colours are sRGB, and no other ancillary
/// chunk (no time, no text), so equal pixels always give equal bytes.
///
/// An encoder holds only its configuration: one value can encode on any number of threads at once.
public struct PNGEncoder: Sendable {
    /// How the encoder compresses.
    public let configuration: Configuration

    /// Creates an encoder; the default configuration is the smallest output measured within the
    /// time budget of a render (see `docs/PNG-ENCODING.md`).
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// Encodes an image.
    ///
    /// - Parameters:
    ///   - rgba: straight-alpha RGBA, 4 bytes a pixel, rows tightly packed (`width * 4` bytes
    ///     each, top row first); exactly `width * height * 4` bytes.
    ///   - width: width in pixels, at least 1.
    ///   - height: height in pixels, at least 1.
    /// - Returns: the bytes of a complete PNG file.
    /// - Throws: `PNGError` when a dimension is not positive, the buffer has the wrong size, the
    ///   configuration is out of range, or libpng fails (its message is kept).
    public func encode(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(PNGError) -> [UInt8] {
        let (cWidth, cHeight) = try Self.validatedDimensions(
            byteCount: rgba.count, width: width, height: height, of: "the RGBA buffer")
        let picture = relief_png_picture(
            rgba: rgba.baseAddress, width: cWidth, height: cHeight, x: 0, y: 0,
            delay_numerator: 0, delay_denominator: 0)
        return try encode([picture], kind: RELIEF_PNG_STILL, width: cWidth, height: cHeight, plays: 0)
    }

    /// Encodes an image held in an array, exactly as the `UnsafeBufferPointer` overload does.
    public func encode(rgba: [UInt8], width: Int, height: Int) throws(PNGError) -> [UInt8] {
        try rgba.withUnsafeBufferPointer { (pixels) throws(PNGError) in
            try encode(rgba: pixels, width: width, height: height)
        }
    }

    /// Runs the C encoder on pictures whose sizes have been checked.
    func encode(
        _ pictures: [relief_png_picture], kind: relief_png_kind, width: UInt32, height: UInt32,
        plays: UInt32
    ) throws(PNGError) -> [UInt8] {
        var settings = configuration.settings
        var png = relief_png_buffer()
        defer { relief_png_buffer_free(&png) }
        try pictures.withUnsafeBufferPointer { (pictures) throws(PNGError) in
            try PNGError.check { message, capacity in
                relief_png_encode(
                    pictures.baseAddress, pictures.count, kind, width, height, plays, &settings, &png,
                    message, capacity)
            }
        }
        return [UInt8](UnsafeBufferPointer(start: png.bytes, count: png.count))
    }

    /// The PNG format's largest side, 2³¹ − 1 pixels. (libpng itself refuses sides over one million.)
    private static let maximumSide = Int(Int32.max)

    /// Checks a size before any C code sees it.
    static func validatedSize(width: Int, height: Int) throws(PNGError) -> (UInt32, UInt32) {
        guard width > 0, height > 0 else {
            throw PNGError(message: "image size \(width) × \(height) is invalid; width and height must be at least 1 pixel")
        }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw PNGError(
                message: "image size \(width) × \(height) is too large; a PNG side is at most \(Self.maximumSide) pixels")
        }
        return (UInt32(width), UInt32(height))
    }

    /// Checks a size and the pixel buffer (named by `buffer` in messages) before any C code sees them.
    static func validatedDimensions(byteCount: Int, width: Int, height: Int, of buffer: String) throws(PNGError) -> (
        UInt32, UInt32
    ) {
        let size = try validatedSize(width: width, height: height)
        let (pixelCount, pixelOverflow) = width.multipliedReportingOverflow(by: height)
        let (expectedBytes, byteOverflow) = pixelCount.multipliedReportingOverflow(by: 4)
        guard !pixelOverflow, !byteOverflow, byteCount == expectedBytes else {
            throw PNGError(
                message:
                    "\(buffer) holds \(byteCount) bytes; a \(width) × \(height) image needs width × height × 4 = \(pixelOverflow || byteOverflow ? "more than Int.max" : String(expectedBytes)) bytes"
            )
        }
        return size
    }
}
