/// Pixels decoded from a PNG: 8-bit straight-alpha RGBA, 4 bytes a pixel, rows tightly packed
/// (`width * 4` bytes each, top row first).
public struct DecodedImage: Sendable, Hashable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel.
    public let rgba: [UInt8]

    /// Pixels of a `width` × `height` image, as a decoder gives them; `rgba` must hold
    /// `4 × width × height` bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == 4 * width * height, "a \(width)×\(height) image needs \(4 * width * height) bytes")
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
