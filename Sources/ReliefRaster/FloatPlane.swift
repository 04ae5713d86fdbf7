/// A grid of `width` × `height` pixels of `channels` floats, each row padded with zeros to a multiple
/// of eight floats so filters can run eight columns at a time.
struct FloatPlane {
    typealias Vector = SIMD8<Float>

    let width: Int
    let height: Int
    let channels: Int
    /// Floats from one row to the next.
    let rowStride: Int
    var values: [Float]

    init(width: Int, height: Int, channels: Int) {
        self.init(width: width, height: height, channels: channels) { values, rowStride in
            values.initialize(repeating: 0)
        }
    }

    /// A plane whose values `body` writes; every float, padding included, must be written.
    init(width: Int, height: Int, channels: Int,
                 writing body: (UnsafeMutableBufferPointer<Float>, _ rowStride: Int) -> Void) {
        self.width = width
        self.height = height
        self.channels = channels
        let rowStride = (width * channels + Vector.scalarCount - 1) / Vector.scalarCount * Vector.scalarCount
        self.rowStride = rowStride
        values = [Float](unsafeUninitializedCapacity: rowStride * height) { buffer, count in
            body(buffer, rowStride)
            count = rowStride * height
        }
    }

    /// The plane with rows and columns swapped (pixels keep their channels together). Planes have one
    /// channel (alpha) or four (premultiplied RGBA).
    func transposed() -> FloatPlane {
        let (width, height, channels, sourceStride) = (width, height, channels, rowStride)
        precondition(channels == 1 || channels == 4)
        return values.withUnsafeBufferPointer { source in
            FloatPlane(width: height, height: width, channels: channels) { target, targetStride in
                let used = height * channels
                // Tiles keep both the rows read and the rows written in cache.
                let tile = 16
                for x0 in stride(from: 0, to: width, by: tile) {
                    for y0 in stride(from: 0, to: height, by: tile) {
                        for x in x0..<min(x0 + tile, width) {
                            let to = x * targetStride
                            if channels == 4 {
                                let raw = UnsafeMutableRawPointer(target.baseAddress! + to)
                                let from = UnsafeRawPointer(source.baseAddress! + x * 4)
                                for y in y0..<min(y0 + tile, height) {
                                    raw.storeBytes(of: from.loadUnaligned(fromByteOffset: y * sourceStride * 4, as: SIMD4<Float>.self),
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

    /// Every column filtered by `blur`, into a new plane.
    func filteringColumns(_ blur: GaussianBlur) -> FloatPlane {
        values.withUnsafeBufferPointer { source in
            FloatPlane(width: width, height: height, channels: channels) { target, rowStride in
                blur.filterColumns(source.baseAddress!, target.baseAddress!, rowStride: rowStride, rows: height)
            }
        }
    }
}
