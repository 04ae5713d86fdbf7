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

    /// Blurs what `reader` reads over `bounds`, taken as zero elsewhere in `domain`, with σ = `sigma`
    /// pixels (none when zero): `channels` 1 reads alpha, 4 reads colours.
    init(_ reader: some PixelReader, bounds: PixelRect, domain: PixelRect, channels: Int, sigma: Double) {
        let (factor, reducedSigma) = sigma > 0 ? GaussianBlur.reduction(sigma: sigma) : (1, 0)
        let blocks = FloatPlane(averagingBlocksOf: reader, bounds: bounds, domain: domain, channels: channels, by: factor)
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
        // Each column's left cell and weight, shifted one cell right so that cell −1 is a zero pad.
        let cellColumns = cells.width
        var left = [Int](repeating: 0, count: region.width), weight = [Float](repeating: 0, count: region.width)
        for column in 0..<region.width {
            let (index, w) = cell(region.minX + column, domain.minX, offset.x)
            (left[column], weight[column]) = index >= -1 && index < cellColumns ? (index + 1, w) : (0, 0)
        }
        // One row of cells, interpolated between two rows of the plane, with a zero cell on each side
        // (vector stores past the last cell copy the plane's zero row padding).
        var blended = [Float](repeating: 0, count: (cellColumns + 2) * channels + FloatPlane.Vector.scalarCount)
        cells.values.withUnsafeBufferPointer { values in
            blended.withUnsafeMutableBufferPointer { blended in
                let row = UnsafeMutableRawPointer(blended.baseAddress! + channels)
                let cellRow = UnsafeRawPointer(blended.baseAddress!)
                for y in 0..<region.height {
                    let (upper, w) = cell(region.minY + y, domain.minY, offset.y)
                    let a = upper >= 0 && upper < cells.height ? values.baseAddress! + upper * cells.rowStride : nil
                    let b = upper + 1 >= 0 && upper + 1 < cells.height ? values.baseAddress! + (upper + 1) * cells.rowStride : nil
                    let vector = FloatPlane.Vector.scalarCount
                    for k in stride(from: 0, to: cellColumns * channels, by: vector) {
                        let top = a.map { UnsafeRawPointer($0 + k).loadUnaligned(as: FloatPlane.Vector.self) } ?? .zero
                        let bottom = b.map { UnsafeRawPointer($0 + k).loadUnaligned(as: FloatPlane.Vector.self) } ?? .zero
                        row.storeBytes(of: top + (bottom - top) * w, toByteOffset: k * 4, as: FloatPlane.Vector.self)
                    }
                    let target = out.baseAddress! + y * region.width
                    for column in 0..<region.width {
                        let l = Value(loading: cellRow, cell: left[column]), r = Value(loading: cellRow, cell: left[column] + 1)
                        target[column] = l + (r - l).scaled(by: weight[column])
                    }
                }
            }
        }
    }
}

extension FloatPlane {
    /// What `reader` reads over `bounds`, zero elsewhere in `domain`, averaged over blocks of
    /// `factor` × `factor` pixels of `domain`: one cell a block.
    init(averagingBlocksOf reader: some PixelReader, bounds: PixelRect, domain: PixelRect, channels: Int, by factor: Int) {
        self.init(width: (domain.width + factor - 1) / factor, height: (domain.height + factor - 1) / factor, channels: channels)
        let overlap = bounds.intersection(domain)
        guard !overlap.isEmpty else { return }
        let weight = 1 / Float(factor * factor)
        let rowStride = rowStride
        /// Adds each block's share of row `y` of `overlap` to `cells`, one `Value` a cell.
        func accumulate<Value: PixelValue>(_ cells: UnsafeMutableRawPointer, _ read: (Int) -> Value) {
            for y in overlap.minY..<overlap.maxY {
                let s = (y - bounds.minY) * bounds.width - bounds.minX
                let row = cells + (y - domain.minY) / factor * rowStride * 4
                var x = overlap.minX
                while x < overlap.maxX {
                    let cell = (x - domain.minX) / factor
                    let end = min(domain.minX + (cell + 1) * factor, overlap.maxX)
                    var sum = read(s + x)
                    for k in (x + 1)..<end { sum = sum + read(s + k) }
                    (Value(loading: row, cell: cell) + sum.scaled(by: weight)).store(into: row, cell: cell)
                    x = end
                }
            }
        }
        values.withUnsafeMutableBytes { cells in
            if channels == 1 {
                accumulate(cells.baseAddress!) { reader.alpha($0) }
            } else {
                accumulate(cells.baseAddress!) { reader.color($0) }
            }
        }
    }
}
