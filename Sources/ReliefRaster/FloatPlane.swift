#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A grid of `width` × `height` pixels of `channels` floats, each row padded with zeros to a multiple
/// of eight floats so filters can run eight columns at a time.
///
/// A plane can be reshaped and written again without a new allocation, so that a blur repeated band
/// after band reuses the same memory instead of faulting fresh pages in each time.
struct FloatPlane {
    typealias Vector = SIMD8<Float>

    private(set) var width = 0
    private(set) var height = 0
    private(set) var channels = 1
    /// Floats from one row to the next.
    private(set) var rowStride = 0
    /// The rows, then whatever an earlier, larger use of the storage left beyond them.
    var values: [Float] = []

    /// A plane of no pixels, whose storage grows on first use.
    static let empty = FloatPlane()

    private init() {}

    /// A plane of zeros.
    init(width: Int, height: Int, channels: Int) {
        clear(width: width, height: height, channels: channels)
    }

    /// A plane whose values `body` writes; every float, padding included, must be written.
    init(width: Int, height: Int, channels: Int, writing body: (UnsafeMutableBufferPointer<Float>, _ rowStride: Int) -> Void) {
        reshape(width: width, height: height, channels: channels, writing: body)
    }

    /// The plane reshaped and set to zeros, in the storage it has when that is large enough.
    mutating func clear(width: Int, height: Int, channels: Int) {
        reshape(width: width, height: height, channels: channels) { values, _ in values.update(repeating: 0) }
    }

    /// The plane reshaped, its values written by `body` (every float of the rows, padding included).
    private mutating func reshape(
        width: Int, height: Int, channels: Int,
        writing body: (UnsafeMutableBufferPointer<Float>, _ rowStride: Int) -> Void
    ) {
        let rowStride = (width * channels + Vector.scalarCount - 1) / Vector.scalarCount * Vector.scalarCount
        let count = rowStride * height
        (self.width, self.height, self.channels, self.rowStride) = (width, height, channels, rowStride)
        if values.count < count {
            values = []
            values = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                body(buffer, rowStride)
                initialized = count
            }
        } else {
            values.withUnsafeMutableBufferPointer { body(UnsafeMutableBufferPointer(rebasing: $0[..<count]), rowStride) }
        }
    }

    /// Writes `rows` of the plane (all by default) with rows and columns swapped into `target`
    /// (pixels keep their channels together). Planes have one channel (alpha) or four (premultiplied
    /// RGBA).
    func transposed(into target: inout FloatPlane, rows: Range<Int>? = nil) {
        let rows = rows ?? 0..<height
        let (width, height, channels, sourceStride) = (width, rows.count, channels, rowStride)
        precondition(channels == 1 || channels == 4)
        values.withUnsafeBufferPointer { values in
            let source = UnsafeBufferPointer(rebasing: values[(rows.lowerBound * sourceStride)...])
            target.reshape(width: height, height: width, channels: channels) { target, targetStride in
                let used = height * channels
                // Tiles keep both the rows read and the rows written in cache.
                let tile = 16
                for x0 in stride(from: 0, to: width, by: tile) {
                    for y0 in stride(from: 0, to: height, by: tile) {
                        let x1 = min(x0 + tile, width), y1 = min(y0 + tile, height)
                        if channels == 1, x1 - x0 == tile, y1 - y0 == tile {
                            Self.transposeTile(
                                from: source.baseAddress! + y0 * sourceStride + x0, sourceStride: sourceStride,
                                to: target.baseAddress! + x0 * targetStride + y0, targetStride: targetStride, size: tile)
                            continue
                        }
                        for x in x0..<min(x0 + tile, width) {
                            let to = x * targetStride
                            if channels == 4 {
                                let raw = UnsafeMutableRawPointer(target.baseAddress! + to)
                                let from = UnsafeRawPointer(source.baseAddress! + x * 4)
                                for y in y0..<min(y0 + tile, height) {
                                    raw.storeBytes(
                                        of: from.loadUnaligned(fromByteOffset: y * sourceStride * 4, as: SIMD4<Float>.self),
                                        toByteOffset: y * 16, as: SIMD4<Float>.self)
                                }
                            } else {
                                let row = target.baseAddress! + to, column = source.baseAddress! + x
                                for y in y0..<min(y0 + tile, height) { row[y] = column[y * sourceStride] }
                            }
                        }
                    }
                    for x in x0..<min(x0 + tile, width) {
                        for k in used..<targetStride { target[x * targetStride + k] = 0 }
                    }
                }
            }
        }
    }

    /// Writes the `size` × `size` floats at `source` (a multiple of four a side) with rows and columns
    /// swapped to `target`, four by four: a block's four rows read as vectors, written as four.
    @inline(__always)
    private static func transposeTile(
        from source: UnsafePointer<Float>, sourceStride: Int, to target: UnsafeMutablePointer<Float>, targetStride: Int,
        size: Int
    ) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        for y in stride(from: 0, to: size, by: 4) {
            for x in stride(from: 0, to: size, by: 4) {
                @inline(__always) func row(_ k: Int) -> SIMD4<Float> {
                    from.loadUnaligned(fromByteOffset: ((y + k) * sourceStride + x) * 4, as: SIMD4<Float>.self)
                }
                @inline(__always) func write(_ column: SIMD4<Float>, _ k: Int) {
                    to.storeBytes(of: column, toByteOffset: ((x + k) * targetStride + y) * 4, as: SIMD4<Float>.self)
                }
                let (a, b, c, d) = (row(0), row(1), row(2), row(3))
                write(SIMD4(a[0], b[0], c[0], d[0]), 0)
                write(SIMD4(a[1], b[1], c[1], d[1]), 1)
                write(SIMD4(a[2], b[2], c[2], d[2]), 2)
                write(SIMD4(a[3], b[3], c[3], d[3]), 3)
            }
        }
    }

    /// Writes every column filtered by `blur` into `target`, shaped as this plane.
    func filteringColumns(_ blur: GaussianBlur, into target: inout FloatPlane) {
        let (height, rowStride) = (height, rowStride)
        values.withUnsafeBufferPointer { source in
            target.reshape(width: width, height: height, channels: channels) { target, _ in
                blur.filterColumns(source.baseAddress!, target.baseAddress!, rowStride: rowStride, rows: height)
            }
        }
    }
}

extension FloatPlane {
    /// The columns around the middle one that are the same as it in every row (empty when none
    /// is the same as a neighbour). A row the same along the run found so far costs one `memcmp`
    /// (each pixel against the next); only a row that shortens it is searched.
    func equalColumns() -> Range<Int> {
        guard width > 1 else { return 0..<0 }
        let (middle, channels, rowStride) = (width / 2, channels, rowStride)
        var run = 0..<width
        values.withUnsafeBufferPointer { values in
            for y in 0..<height where run.count > 1 {
                let row = values.baseAddress! + y * rowStride
                if memcmp(row + run.lowerBound * channels, row + (run.lowerBound + 1) * channels, (run.count - 1) * channels * 4)
                    == 0
                {
                    continue
                }
                func same(_ x: Int) -> Bool { memcmp(row + x * channels, row + middle * channels, channels * 4) == 0 }
                var (lower, upper) = (middle, middle + 1)
                while lower > run.lowerBound, same(lower - 1) { lower -= 1 }
                while upper < run.upperBound, same(upper) { upper += 1 }
                run = lower..<upper
            }
        }
        return run.count > 1 ? run : 0..<0
    }

    /// The rows around the middle one that are the same as it (empty when neither neighbour is).
    func equalRows() -> Range<Int> {
        guard height > 1 else { return 0..<0 }
        let (middle, rowStride, bytes) = (height / 2, rowStride, width * channels * 4)
        let run = values.withUnsafeBufferPointer { values in
            func same(_ y: Int) -> Bool {
                memcmp(values.baseAddress! + y * rowStride, values.baseAddress! + middle * rowStride, bytes) == 0
            }
            var (lower, upper) = (middle, middle + 1)
            while lower > 0, same(lower - 1) { lower -= 1 }
            while upper < height, same(upper) { upper += 1 }
            return lower..<upper
        }
        return run.count > 1 ? run : 0..<0
    }

    /// Writes the plane without `columns` and `rows` into `target`.
    func removing(columns: Range<Int>, rows: Range<Int>, into target: inout FloatPlane) {
        let (channels, sourceStride) = (channels, rowStride)
        let (left, right) = (columns.lowerBound * channels, columns.upperBound * channels)
        let rowFloats = width * channels
        values.withUnsafeBufferPointer { source in
            target.reshape(width: width - columns.count, height: height - rows.count, channels: channels) {
                target, targetStride in
                var out = target.baseAddress!
                for y in 0..<height where !rows.contains(y) {
                    let row = source.baseAddress! + y * sourceStride
                    out.update(from: row, count: left)
                    (out + left).update(from: row + right, count: rowFloats - right)
                    let written = left + rowFloats - right
                    (out + written).update(repeating: 0, count: targetStride - written)
                    out += targetStride
                }
            }
        }
    }
}
