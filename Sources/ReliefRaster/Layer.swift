import ReliefGeometry

/// Premultiplied RGBA pixels covering `bounds` of the canvas; everything outside `bounds` is transparent.
///
/// Channels are sRGB-encoded values in 0...1, premultiplied by alpha, row by row. Layers are the
/// currency of the rasterizer: every drawing operation makes one, every effect maps one or two to a
/// new one.
public struct Layer: Sendable {
    public internal(set) var bounds: PixelRect
    var storage: Storage

    /// How a layer holds its pixels.
    enum Storage: Sendable {
        /// One premultiplied colour a pixel.
        case colors([SIMD4<Float>])
        /// One premultiplied colour scaled by each pixel's coverage — a solid fill, a stroke, a
        /// shadow: a quarter of the data, so drawing and blurring it move a quarter of the memory.
        case coverage([Float], color: SIMD4<Float>)
        /// Coverage of one colour read from blurred cells where it is composited: a shadow, written
        /// out at full size only for what reads it otherwise (``materialized``).
        /// Boxed: layers are copied as they are stacked and read, and the reader is large.
        indirect case blurredCoverage(BlurredPlane.RowReader, color: SIMD4<Float>)
    }

    /// Where the layer is opaque: for each row of `bounds`, the columns whose pixels have an alpha
    /// of exactly 1, so that whatever lies under them cannot show. Nil when not known.
    var opaqueRuns: [Range<Int>]?

    /// A transparent layer over `bounds`.
    public init(bounds: PixelRect) {
        self.bounds = bounds
        storage = .colors([SIMD4<Float>](repeating: .zero, count: bounds.area))
    }

    /// A layer over `bounds` whose every pixel `body` writes, row by row.
    init(bounds: PixelRect, writing body: (UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
        self.bounds = bounds
        storage = .colors(Self.values(bounds.area, writtenBy: body))
    }

    /// A layer over `bounds` of `color` (premultiplied) times the coverage `body` writes for every
    /// pixel, row by row.
    init(bounds: PixelRect, color: SIMD4<Float>, writingCoverage body: (UnsafeMutableBufferPointer<Float>) -> Void) {
        self.bounds = bounds
        storage = .coverage(Self.values(bounds.area, writtenBy: body), color: color)
    }

    /// `color` (premultiplied) times the values `reader` reads over its region.
    init(reading reader: BlurredPlane.RowReader, color: SIMD4<Float>) {
        bounds = reader.region
        storage = .blurredCoverage(reader, color: color)
    }

    /// The same pixels held in memory: a layer read from blurred cells as coverage, any other as it is.
    var materialized: Layer {
        guard case .blurredCoverage(let reader, let color) = storage else { return self }
        return Layer(bounds: bounds, color: color) { reader.read(into: $0) }
    }

    /// `count` values, every one written by `body`. None when `count` is 0 without asking
    /// `Array(unsafeUninitializedCapacity:)`, which even then writes the count into the storage
    /// every empty array shares: a data race once layers are made on several threads at once.
    private static func values<Value>(_ count: Int, writtenBy body: (UnsafeMutableBufferPointer<Value>) -> Void) -> [Value] {
        guard count > 0 else { return [] }
        return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            body(buffer)
            initialized = count
        }
    }

    /// A layer with nothing in it.
    public static let empty = Layer(bounds: .empty)

    /// When every pixel is one premultiplied colour scaled by its coverage, that colour.
    public var solidColor: SIMD4<Float>? {
        switch storage {
        case .coverage(_, let color), .blurredCoverage(_, let color): return color
        case .colors: return nil
        }
    }

    /// Every pixel's premultiplied colour, row by row.
    public var pixels: [SIMD4<Float>] {
        switch storage {
        case .colors(let colors): return colors
        case .coverage(let coverage, let color): return coverage.map { color * $0 }
        case .blurredCoverage: return materialized.pixels
        }
    }

    /// The same pixels held one colour a pixel, as drawing onto a layer needs.
    public func separatingColors() -> Layer {
        guard case .colors = storage else { return separatingColors(over: bounds) }
        return self
    }

    /// The premultiplied pixel at canvas position (x, y); transparent outside `bounds`.
    public func pixel(x: Int, y: Int) -> SIMD4<Float> {
        guard x >= bounds.minX, x < bounds.maxX, y >= bounds.minY, y < bounds.maxY else { return .zero }
        let index = (y - bounds.minY) * bounds.width + (x - bounds.minX)
        func read(_ reader: some PixelReader) -> SIMD4<Float> { reader.color(index) }
        return withPixels(read, read)
    }

    /// Calls the closure for how the pixels are stored with a reader of them. Pass one generic
    /// function twice (`withPixels(f, f)`): each use is specialised to its reader.
    @inline(__always)
    func withPixels<R>(_ colors: (ColorReader) -> R, _ coverage: (CoverageReader) -> R) -> R {
        switch storage {
        case .colors(let values):
            return values.withUnsafeBufferPointer { colors(ColorReader(base: $0.baseAddress)) }
        case .coverage(let values, let color):
            return values.withUnsafeBufferPointer { coverage(CoverageReader(base: $0.baseAddress, color: color)) }
        case .blurredCoverage:
            return materialized.withPixels(colors, coverage)
        }
    }
}

/// Reads a layer's pixels by index, row by row from the top left of its bounds.
protocol PixelReader {
    /// The premultiplied colour of pixel `index`.
    func color(_ index: Int) -> SIMD4<Float>
    /// The alpha of pixel `index`.
    func alpha(_ index: Int) -> Float
}

/// Pixels held one colour each.
struct ColorReader: PixelReader {
    let base: UnsafePointer<SIMD4<Float>>?

    @inline(__always) func color(_ index: Int) -> SIMD4<Float> { base![index] }
    @inline(__always) func alpha(_ index: Int) -> Float { base![index].w }
}

/// Pixels held as coverage of one colour.
struct CoverageReader: PixelReader {
    let base: UnsafePointer<Float>?
    let color: SIMD4<Float>

    @inline(__always) func color(_ index: Int) -> SIMD4<Float> { color * base![index] }
    @inline(__always) func alpha(_ index: Int) -> Float { color.w * base![index] }
}
