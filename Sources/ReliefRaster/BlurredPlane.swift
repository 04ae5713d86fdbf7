/// A layer's pixels over a domain blurred by a Gaussian, held at the resolution the blur ran at and
/// read back at full resolution, moved if need be, only where they are wanted.
///
/// A wide blur runs on a copy reduced by ``GaussianBlur/reduction(sigma:)`` (block averages): the
/// blurred result is so smooth that bilinear reading costs under 0.5/255, while the passes touch up
/// to 64 times fewer pixels and the full-size plane is never made.
struct BlurredPlane {
    /// The blurred values, one cell per `factor` × `factor` pixels of the domain.
    private let cells: FloatPlane
    private let factor: Int
    /// Where the plane lies, in canvas pixels.
    let domain: PixelRect

    /// Blurs with σ = `sigma` pixels (none when zero) what `rows` writes over `bounds`, taken as zero
    /// elsewhere in `domain`: `channels` floats a pixel (alpha, or colour), row by row.
    init(_ bounds: PixelRect, domain: PixelRect, channels: Int, sigma: Double, rows: RowWriter) {
        let (factor, reducedSigma) = sigma > 0 ? GaussianBlur.reduction(sigma: sigma) : (1, 0)
        let blocks = FloatPlane(averagingBlocksOf: rows, bounds: bounds, domain: domain, channels: channels, by: factor)
        if sigma > 0 {
            let blur = GaussianBlur(sigma: reducedSigma)
            cells = blocks.filteringColumns(blur).transposed().filteringColumns(blur).transposed()
        } else {
            cells = blocks
        }
        self.factor = factor
        self.domain = domain
    }

    /// Writes the blurred value at every pixel of `region` (canvas pixels), row by row into `out`,
    /// as if the plane had first been moved by `offset` pixels: the value at (x, y) is the blur at
    /// (x − offset.x, y − offset.y), bilinear between cells and zero beyond the domain.
    func read<Value: PixelValue>(_ region: PixelRect, movedBy offset: (x: Double, y: Double) = (0, 0),
                                 into out: UnsafeMutableBufferPointer<Value>) {
        precondition(Value.channels == cells.channels)
        let f = Double(factor), channels = cells.channels
        /// Cell coordinate of the centre of canvas pixel `p` moved back by `shift`; cell i has its
        /// centre at domain position (i + 0.5)·factor.
        func cell(_ p: Int, _ origin: Int, _ shift: Double) -> (index: Int, weight: Float) {
            let u = (Double(p - origin) + 0.5 - shift) / f - 0.5
            let lower = u.rounded(.down)
            return (Int(lower), Float(u - lower))
        }
        // Each column's left cell, shifted one cell right so that cell −1 is a zero pad, and weight.
        let cellColumns = cells.width
        let columns = (0..<region.width).map { column -> (left: Int, weight: Float) in
            let (index, w) = cell(region.minX + column, domain.minX, offset.x)
            return index >= -1 && index < cellColumns ? (index + 1, w) : (0, 0)
        }
        // One row of cells, interpolated between two rows of the plane, with a zero cell on each side
        // (vector stores past the last cell copy the plane's zero row padding).
        var blended = [Float](repeating: 0, count: (cellColumns + 2) * channels + FloatPlane.Vector.scalarCount)
        cells.values.withUnsafeBufferPointer { values in
            blended.withUnsafeMutableBufferPointer { blended in
                columns.withUnsafeBufferPointer { columns in
                    let row = UnsafeMutableRawPointer(blended.baseAddress! + channels)
                    let cellRow = UnsafeRawPointer(blended.baseAddress!)
                    for y in 0..<region.height {
                        let (upper, w) = cell(region.minY + y, domain.minY, offset.y)
                        let a = upper >= 0 && upper < cells.height ? values.baseAddress! + upper * cells.rowStride : nil
                        let b = upper + 1 >= 0 && upper + 1 < cells.height ? values.baseAddress! + (upper + 1) * cells.rowStride : nil
                        for k in stride(from: 0, to: cellColumns * channels, by: FloatPlane.Vector.scalarCount) {
                            let top = a.map { UnsafeRawPointer($0 + k).loadUnaligned(as: FloatPlane.Vector.self) } ?? .zero
                            let bottom = b.map { UnsafeRawPointer($0 + k).loadUnaligned(as: FloatPlane.Vector.self) } ?? .zero
                            row.storeBytes(of: top + (bottom - top) * w, toByteOffset: k * 4, as: FloatPlane.Vector.self)
                        }
                        let target = out.baseAddress! + y * region.width
                        for column in 0..<region.width {
                            let (left, weight) = columns[column]
                            let l = Value(loading: cellRow, cell: left), r = Value(loading: cellRow, cell: left &+ 1)
                            target[column] = l + (r - l).scaled(by: weight)
                        }
                    }
                }
            }
        }
    }
}

/// Writes `channels` floats for each pixel of `columns` on row `y` into `out`, from its start.
typealias RowWriter = (_ y: Int, _ columns: Range<Int>, _ out: UnsafeMutablePointer<Float>) -> Void

extension FloatPlane {
    /// What `rows` writes over `bounds`, zero elsewhere in `domain`, averaged over blocks of
    /// `factor` × `factor` pixels of `domain`: one cell a block.
    init(averagingBlocksOf rows: RowWriter, bounds: PixelRect, domain: PixelRect, channels: Int, by factor: Int) {
        self.init(width: (domain.width + factor - 1) / factor, height: (domain.height + factor - 1) / factor, channels: channels)
        let overlap = bounds.intersection(domain)
        guard !overlap.isEmpty else { return }
        let weight = 1 / Float(factor * factor)
        let rowStride = rowStride
        var line = [Float](repeating: 0, count: overlap.width * channels)
        /// Adds each block's share of `line` (row `y`) to `cells`, one `Value` a pixel and a cell.
        func accumulate<Value: PixelValue>(_ type: Value.Type, _ cells: UnsafeMutableRawPointer, _ line: UnsafeRawPointer, y: Int) {
            let row = cells + (y - domain.minY) / factor * rowStride * 4
            let start = overlap.minX - domain.minX
            // The cell the next pixel falls in, and how many of its pixels are still to come.
            var cell = start / factor, left = factor - start % factor
            var sum = Value.zero
            let last = overlap.width - 1
            for i in 0...last {
                sum = sum + Value(loading: line, cell: i)
                left &-= 1
                if left == 0 || i == last {
                    (Value(loading: row, cell: cell) + sum.scaled(by: weight)).store(into: row, cell: cell)
                    cell &+= 1
                    left = factor
                    sum = .zero
                }
            }
        }
        values.withUnsafeMutableBytes { cells in
            line.withUnsafeMutableBufferPointer { line in
                for y in overlap.minY..<overlap.maxY {
                    rows(y, overlap.minX..<overlap.maxX, line.baseAddress!)
                    if channels == 1 {
                        accumulate(Float.self, cells.baseAddress!, line.baseAddress!, y: y)
                    } else {
                        accumulate(SIMD4<Float>.self, cells.baseAddress!, line.baseAddress!, y: y)
                    }
                }
            }
        }
    }
}
