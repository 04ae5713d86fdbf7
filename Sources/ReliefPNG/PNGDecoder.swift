import CReliefPNG

/// Decodes PNG files of any colour type and bit depth to 8-bit straight-alpha RGBA through libpng.
///
/// Images larger than ``maximumSide`` pixels a side or ``maximumPixelCount`` pixels in all are
/// refused before their pixels are allocated, so a small hostile file cannot claim gigabytes.
/// Decoding holds no shared state and may run on any number of threads at once.
public enum PNGDecoder {
    /// The widest or tallest image that is decoded, in pixels.
    public static let maximumSide = Int(RELIEF_PNG_MAX_DECODED_SIDE)
    /// The most pixels (width × height) that are decoded.
    public static let maximumPixelCount = Int(RELIEF_PNG_MAX_DECODED_PIXELS)

    /// Decodes a whole PNG file.
    ///
    /// - Throws: `PNGError` with libpng's message when the data is not a valid PNG (garbage,
    ///   truncated, bad checksums), or when the image exceeds the size limits.
    public static func decode(_ png: [UInt8]) throws(PNGError) -> DecodedImage {
        var image = relief_png_image()
        defer { relief_png_buffer_free(&image.rgba) }
        try png.withUnsafeBufferPointer { (bytes) throws(PNGError) in
            try PNGError.check { message, capacity in
                relief_png_decode_rgba(bytes.baseAddress, bytes.count, &image, message, capacity)
            }
        }
        let rgba = [UInt8](UnsafeBufferPointer(start: image.rgba.bytes, count: image.rgba.count))
        return DecodedImage(width: Int(image.width), height: Int(image.height), rgba: rgba)
    }
}
