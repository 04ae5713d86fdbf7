/// A picture of pixels stretched over a rectangle: premultiplied sRGB RGBA, 8 bits a channel.
///
/// Like a `Path`, a bitmap carries its place in the coordinates it is drawn in; scaling and moving it
/// changes only `frame`, never the pixels, so copies share their storage.
public struct Bitmap: Sendable, Hashable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// `width × height` pixels, row by row from the top left, as R, G, B, A bytes premultiplied by A.
    public let rgba: [UInt8]
    /// Where the pixels land: the bitmap's left edge at `frame.minX`, its right edge at `frame.maxX`.
    public let frame: Rect

    /// A bitmap of `width × height` pixels over `frame`; `rgba` must hold `4 × width × height` bytes.
    public init(width: Int, height: Int, rgba: [UInt8], frame: Rect) {
        precondition(
            width >= 0 && height >= 0 && rgba.count == 4 * width * height,
            "a \(width)×\(height) bitmap needs \(4 * width * height) bytes, got \(rgba.count)")
        self.width = width
        self.height = height
        self.rgba = rgba
        self.frame = frame
    }

    /// The same pixels over `frame` scaled by `k` about the origin, then moved by `d`.
    public func scaled(by k: Double, translatedBy d: Point = .zero) -> Bitmap {
        Bitmap(
            width: width, height: height, rgba: rgba,
            frame: Rect(x: frame.minX * k + d.x, y: frame.minY * k + d.y, width: frame.width * k, height: frame.height * k))
    }
}
