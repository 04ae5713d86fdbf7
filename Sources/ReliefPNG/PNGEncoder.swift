import CReliefPNG

/// Encodes 8-bit straight-alpha RGBA pixels as PNG through libpng and zlib.
///
/// An image whose every alpha byte is 255 is written as colour type RGB (3 bytes a pixel before
/// compression), any other as RGBA. Every file carries an sRGB chunk (perceptual intent), because
/// all of the project's colours are sRGB, and no other ancillary chunk (no time, no text), so equal
/// pixels always give equal bytes.
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
        let (cWidth, cHeight) = try Self.validatedDimensions(byteCount: rgba.count, width: width, height: height)
        var settings = configuration.settings
        var png = relief_png_buffer()
        defer { relief_png_buffer_free(&png) }
        try PNGError.check { message, capacity in
            relief_png_encode_rgba(rgba.baseAddress, cWidth, cHeight, &settings, &png, message, capacity)
        }
        return [UInt8](UnsafeBufferPointer(start: png.bytes, count: png.count))
    }

    /// Encodes an image held in an array, exactly as the `UnsafeBufferPointer` overload does.
    public func encode(rgba: [UInt8], width: Int, height: Int) throws(PNGError) -> [UInt8] {
        try rgba.withUnsafeBufferPointer { (pixels) throws(PNGError) in
            try encode(rgba: pixels, width: width, height: height)
        }
    }

    /// The PNG format's largest side, 2³¹ − 1 pixels. (libpng itself refuses sides over one million.)
    private static let maximumSide = Int(Int32.max)

    /// Checks the dimensions against the buffer before any C code sees them.
    private static func validatedDimensions(byteCount: Int, width: Int, height: Int) throws(PNGError) -> (UInt32, UInt32) {
        guard width > 0, height > 0 else {
            throw PNGError(message: "image size \(width) × \(height) is invalid; width and height must be at least 1 pixel")
        }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw PNGError(message: "image size \(width) × \(height) is too large; a PNG side is at most \(Self.maximumSide) pixels")
        }
        let (pixelCount, pixelOverflow) = width.multipliedReportingOverflow(by: height)
        let (expectedBytes, byteOverflow) = pixelCount.multipliedReportingOverflow(by: 4)
        guard !pixelOverflow, !byteOverflow, byteCount == expectedBytes else {
            throw PNGError(
                message: "the RGBA buffer holds \(byteCount) bytes; a \(width) × \(height) image needs width × height × 4 = \(pixelOverflow || byteOverflow ? "more than Int.max" : String(expectedBytes)) bytes"
            )
        }
        return (UInt32(width), UInt32(height))
    }
}
