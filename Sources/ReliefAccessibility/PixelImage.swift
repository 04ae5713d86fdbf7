/// Straight-alpha RGBA pixels, rows tightly packed: what the checks read and the simulations write.
public struct PixelImage: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    /// An image of `width` × `height` pixels; `rgba` holds 4 bytes a pixel.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "rgba must hold width × height × 4 bytes")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The colour at (x, y), clamped to the image, ignoring alpha.
    public func color(x: Int, y: Int) -> PixelColor {
        let i = index(x: x, y: y)
        return PixelColor(rgba[i], rgba[i + 1], rgba[i + 2])
    }

    /// The alpha at (x, y), clamped to the image.
    public func alpha(x: Int, y: Int) -> UInt8 {
        rgba[index(x: x, y: y) + 3]
    }

    private func index(x: Int, y: Int) -> Int {
        (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 4
    }
}
