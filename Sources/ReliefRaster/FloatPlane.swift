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

    /// Blurred with a Gaussian of `sigma` pixels along both axes: columns, then rows by way of a
    /// transpose so both passes run on contiguous memory.
    ///
    /// A wide blur runs on a copy reduced by ``GaussianBlur/reduction(sigma:)`` (block averages), then
    /// grows back with bilinear weights: the blurred result is so smooth that this costs under 0.5/255,
    /// while the passes touch up to 64 times fewer pixels.
    func blurred(sigma: Double) -> FloatPlane {
        let (factor, reducedSigma) = GaussianBlur.reduction(sigma: sigma)
        let blur = GaussianBlur(sigma: reducedSigma)
        if factor == 1 {
            return filteringColumns(blur).transposed().filteringColumns(blur).transposed()
        }
        return shrinkingColumns(by: factor).filteringColumns(blur).transposed()
            .shrinkingColumns(by: factor).filteringColumns(blur).growingColumns(by: factor, to: width).transposed()
            .growingColumns(by: factor, to: height)
    }

    /// Every `factor` rows averaged into one (rows past the end count as zero).
    func shrinkingColumns(by factor: Int) -> FloatPlane {
        let rows = (height + factor - 1) / factor
        let (rowStride, height) = (rowStride, height)
        let weight = 1 / Float(factor)
        return values.withUnsafeBufferPointer { source in
            FloatPlane(width: width, height: rows, channels: channels) { target, _ in
                let input = UnsafeRawPointer(source.baseAddress!), output = UnsafeMutableRawPointer(target.baseAddress!)
                let rowBytes = rowStride * MemoryLayout<Float>.stride
                for row in 0..<rows {
                    for column in stride(from: 0, to: rowStride, by: Vector.scalarCount) {
                        let offset = column * MemoryLayout<Float>.stride
                        var sum = Vector.zero
                        for k in (row * factor)..<min(row * factor + factor, height) {
                            sum += input.loadUnaligned(fromByteOffset: k * rowBytes + offset, as: Vector.self)
                        }
                        output.storeBytes(of: sum * weight, toByteOffset: row * rowBytes + offset, as: Vector.self)
                    }
                }
            }
        }
    }

    /// The inverse of ``shrinkingColumns(by:)``: `rows` rows, each interpolated linearly between the
    /// two reduced rows whose centres surround its own (zero beyond the ends).
    func growingColumns(by factor: Int, to rows: Int) -> FloatPlane {
        let (rowStride, height) = (rowStride, height)
        return values.withUnsafeBufferPointer { source in
            FloatPlane(width: width, height: rows, channels: channels) { target, _ in
                let input = UnsafeRawPointer(source.baseAddress!), output = UnsafeMutableRawPointer(target.baseAddress!)
                let rowBytes = rowStride * MemoryLayout<Float>.stride
                for row in 0..<rows {
                    // Reduced row i has its centre at full-size position (i + 0.5)·factor.
                    let u = (Double(row) + 0.5) / Double(factor) - 0.5
                    let lower = Int(u.rounded(.down))
                    let f = Float(u - Double(lower))
                    for column in stride(from: 0, to: rowStride, by: Vector.scalarCount) {
                        let offset = column * MemoryLayout<Float>.stride
                        let a = lower >= 0 && lower < height
                            ? input.loadUnaligned(fromByteOffset: lower * rowBytes + offset, as: Vector.self) : .zero
                        let b = lower + 1 >= 0 && lower + 1 < height
                            ? input.loadUnaligned(fromByteOffset: (lower + 1) * rowBytes + offset, as: Vector.self) : .zero
                        output.storeBytes(of: a + (b - a) * f, toByteOffset: row * rowBytes + offset, as: Vector.self)
                    }
                }
            }
        }
    }
}
