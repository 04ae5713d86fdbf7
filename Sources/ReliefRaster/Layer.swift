import ReliefGeometry

/// Premultiplied RGBA pixels covering `bounds` of the canvas; everything outside `bounds` is transparent.
///
/// Channels are sRGB-encoded values in 0...1, premultiplied by alpha, one `SIMD4<Float>` a pixel, row
/// by row. Layers are the currency of the rasterizer: every drawing operation makes one, every effect
/// maps one or two to a new one.
public struct Layer: Sendable {
    public internal(set) var bounds: PixelRect
    public internal(set) var pixels: [SIMD4<Float>]
    /// When every pixel is one premultiplied colour scaled by its coverage (a solid fill, a stroke, a
    /// shadow), that colour: effects then work on coverage alone, a quarter of the data.
    public internal(set) var solidColor: SIMD4<Float>? = nil

    /// A transparent layer over `bounds`.
    public init(bounds: PixelRect) {
        self.bounds = bounds
        pixels = [SIMD4<Float>](repeating: .zero, count: bounds.area)
    }

    /// A layer over `bounds` whose every pixel `body` writes (row, column order is up to `body`).
    init(bounds: PixelRect, solidColor: SIMD4<Float>? = nil, writing body: (UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
        self.bounds = bounds
        self.solidColor = solidColor
        pixels = [SIMD4<Float>](unsafeUninitializedCapacity: bounds.area) { buffer, count in
            body(buffer)
            count = bounds.area
        }
    }

    /// A layer with nothing in it.
    public static let empty = Layer(bounds: .empty)

    /// The premultiplied pixel at canvas position (x, y); transparent outside `bounds`.
    public func pixel(x: Int, y: Int) -> SIMD4<Float> {
        guard x >= bounds.minX, x < bounds.maxX, y >= bounds.minY, y < bounds.maxY else { return .zero }
        return pixels[(y - bounds.minY) * bounds.width + (x - bounds.minX)]
    }
}
