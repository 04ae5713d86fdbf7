import ReliefGeometry

/// Premultiplied RGBA pixels covering `bounds` of the canvas; everything outside `bounds` is transparent.
///
/// Channels are sRGB-encoded values in 0...1, premultiplied by alpha, four `Float`s a pixel, row by row.
/// Layers are the currency of the rasterizer: every drawing operation makes one, every effect maps
/// one or two to a new one.
public struct Layer: Sendable {
    public internal(set) var bounds: PixelRect
    public internal(set) var pixels: [Float]

    /// A transparent layer over `bounds`.
    public init(bounds: PixelRect) {
        self.bounds = bounds
        pixels = [Float](repeating: 0, count: bounds.area * 4)
    }

    /// A layer with nothing in it.
    public static let empty = Layer(bounds: .empty)

    /// The premultiplied pixel at canvas position (x, y); transparent outside `bounds`.
    public func pixel(x: Int, y: Int) -> SIMD4<Float> {
        guard x >= bounds.minX, x < bounds.maxX, y >= bounds.minY, y < bounds.maxY else { return .zero }
        let i = ((y - bounds.minY) * bounds.width + (x - bounds.minX)) * 4
        return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
