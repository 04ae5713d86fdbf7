/// A layer's pixels over a domain blurred by a Gaussian, held at the resolution the blur ran at and
/// read back at full resolution, moved if need be, only where they are wanted.
///
/// A wide blur runs on a copy reduced by ``GaussianBlur/reduction(sigma:)`` (block averages): the
/// blurred result is so smooth that bilinear reading costs under 0.5/255, while the passes touch up
/// to 64 times fewer pixels and the full-size plane is never made. The blocks lie on the canvas's
/// grid of that many pixels, wherever the domain starts, so that the same content gives the same
/// cells whether it is blurred whole or gathered band by band (``BlockAverages``). Blocks that an
/// opaque face covers whole are known to average 1: they are added as such, and what lies under the
/// face is never read for them.
///
/// Content that is the same along a run of columns (or rows), as a rounded rectangle is across the
/// middle of its width, blurs to the same along that run but within the blur's reach of its ends:
/// such a run is blurred shortened to what the reach needs, and one of its columns is read for all
/// the columns left out (``Repeat``), so the blur's cost does not grow with the content's size.
struct BlurredPlane {
    /// The blurred values, one cell per `factor` × `factor` pixels of `grid`, less the columns and
    /// rows that `columns` and `rows` stand for.
    private var cells: FloatPlane
    private let factor: Int
    /// The pixels the cells cover, in canvas pixels: the domain grown to whole blocks.
    let grid: PixelRect
    /// The cell column read for a run of the grid's columns, and the cell row for a run of its rows.
    private let columns: Repeat, rows: Repeat

    /// One cell column (or row) of a shortened plane read for several of the whole one: the cells
    /// from `at + 1` on stand `count` further along the whole.
    struct Repeat: Equatable {
        let at: Int
        let count: Int

        /// Nothing repeated: every cell stands for itself.
        static let none = Repeat(at: 0, count: 0)

        /// The run `equal` (cells all the same) shortened so that
        /// `margin` cells remain on either side of the repeated one, when that leaves any out.
        init(shortening equal: Range<Int>, margin: Int) {
            let count = equal.count - (2 * margin + 1)
            self = count > 0 ? Repeat(at: equal.lowerBound + margin, count: count) : .none
        }

        private init(at: Int, count: Int) {
            self.at = at
            self.count = count
        }

        /// The cells left out of the whole.
        var removed: Range<Int> { (at + 1)..<(at + 1 + count) }

        /// The cell read for cell `index` of the whole.
        @inline(__always)
        func cell(_ index: Int) -> Int { index <= at ? index : (index <= at + count ? at : index - count) }
    }

    /// Blurs with σ = `sigma` pixels (none when zero) what `rows` writes over `bounds`, taken as zero
    /// elsewhere in `domain`: `channels` floats a pixel (alpha, or colour), row by row; an alpha is 1
    /// at the columns `ones(y)` of row y (``BlockAverages/add(_:over:ones:)``).
    init(
        _ bounds: PixelRect, domain: PixelRect, channels: Int, sigma: Double, rows: RowWriter,
        ones: ((_ y: Int) -> Range<Int>)? = nil
    ) {
        var blocks = BlockAverages(domain: domain, channels: channels, sigma: sigma)
        blocks.add(rows, over: bounds.intersection(domain), ones: ones)
        self = blocks.blurred()
    }

    fileprivate init(cells: FloatPlane, factor: Int, grid: PixelRect, columns: Repeat = .none, rows: Repeat = .none) {
        self.cells = cells
        self.factor = factor
        self.grid = grid
        self.columns = columns
        self.rows = rows
    }

    /// Bytes of the cells' storage.
    var bytes: Int { cells.values.capacity * MemoryLayout<Float>.stride }

    /// The cells' storage, for the next blur of a band-by-band series to reuse.
    consuming func releasingStorage() -> FloatPlane {
        var storage = FloatPlane.empty
        swap(&storage, &cells)
        return storage
    }

    /// Writes the blurred value at every pixel of `region` (canvas pixels), row by row into `out`,
    /// as if the plane had first been moved by `offset` pixels: the value at (x, y) is the blur at
    /// (x − offset.x, y − offset.y), bilinear between cells and zero beyond the grid.
    func read<Value: PixelValue>(
        _ region: PixelRect, movedBy offset: (x: Double, y: Double) = (0, 0),
        into out: UnsafeMutableBufferPointer<Value>
    ) {
        RowReader(self, region: region, movedBy: offset).read(into: out)
    }

    /// Reads a plane moved by an offset over a region a row at a time, as ``read(_:movedBy:into:)``
    /// reads it whole, to the bit: a shadow is composited straight from its cells, row by row,
    /// without being written out at full size first.
    ///
    /// A row's two rows of cells are interpolated once (``blend(row:in:)``), then each pixel
    /// between its two cells. Most columns of a row of one channel fall in runs read alike, found
    /// once for the region (``ColumnRun``). Every cell wholly inside the region gives its `factor`
    /// pixels the same weights, the moved grid being regular: such cells are written a cell at a
    /// time as one or two vectors (four cells at a time when a cell is a pixel), value + step ×
    /// weights, the same sums as pixel by pixel. Columns that read one cell with no weight (where a
    /// repeated cell stands for a run of them, beyond the plane) take one value. Only the pixels
    /// elsewhere look up their own cells and weight.
    struct RowReader: Sendable {
        let plane: BlurredPlane
        /// The canvas pixels read.
        let region: PixelRect
        private let offsetY: Double
        /// Each column's left cell, shifted one cell right so that cell −1 is a zero pad, and weight.
        private let columns: [(left: Int, weight: Float)]
        /// The columns read alike, left to right (canvas columns).
        private let runs: [ColumnRun]
        /// The weights of a whole cell's columns, first to last, zero past `factor`.
        private let cellWeights: SIMD8<Float>
        /// The floats of a row of cells that the columns read, from a multiple of eight.
        private let blended: Range<Int>

        /// Columns of a row read alike, from canvas column `x`.
        struct ColumnRun {
            enum Kind {
                /// `count` whole cells of `factor` columns that take ``cellWeights``, the first
                /// cell `left` (shifted as in `columns`).
                case cells
                /// `count` columns that read one cell with one weight: one value.
                case same
            }
            let kind: Kind
            let x: Int
            var count: Int
            let left: Int

            /// The column after the run.
            @inline(__always)
            func end(factor: Int) -> Int { x &+ (kind == .cells ? count &* factor : count) }
        }

        init(_ plane: BlurredPlane, region: PixelRect, movedBy offset: (x: Double, y: Double)) {
            self.plane = plane
            self.region = region
            offsetY = offset.y
            let (cellColumns, repeated) = (plane.cells.width + plane.columns.count, plane.columns)
            columns = (0..<region.width).map { column -> (left: Int, weight: Float) in
                let (index, w) = plane.cell(region.minX + column, plane.grid.minX, offset.x)
                guard index >= -1 && index < cellColumns else { return (0, 0) }
                // Within a repeated run both cells are the one repeated: no weight, the same value.
                let left = repeated.cell(index)
                return (left + 1, repeated.cell(index + 1) == left ? 0 : w)
            }
            (runs, cellWeights) = Self.runs(of: columns, factor: plane.factor, at: region.minX)
            let lefts = columns.lazy.map(\.left)
            // Plane cell i is scratch cell i + 1: a column reads plane cells left − 1 and left.
            let (first, last) = (max((lefts.min() ?? 1) - 1, 0), min((lefts.max() ?? -1) + 1, plane.cells.width))
            let channels = plane.cells.channels, step = FloatPlane.Vector.scalarCount
            blended = first < last ? first * channels / step * step..<last * channels : 0..<0
        }

        /// The runs among `columns`, the first at canvas column `minX`, and the weights of whole
        /// cells' columns. A run of one cell and weight counts from eight columns on. Whole cells
        /// take one pattern of weights; a cell's vectors reach four or eight columns from its first,
        /// so only cells whose vectors stay within the columns are taken.
        private static func runs(of columns: [(left: Int, weight: Float)], factor: Int, at minX: Int) -> (
            [ColumnRun], SIMD8<Float>
        ) {
            let reach = factor == 1 ? 1 : factor <= 4 ? 4 : 8
            var (runs, pattern) = ([ColumnRun](), SIMD8<Float>?.none)
            var x = 0
            while x < columns.count {
                let (left, weight) = columns[x]
                var same = x + 1
                while same < columns.count, columns[same] == (left, weight) { same += 1 }
                if same - x >= 8 {
                    runs.append(ColumnRun(kind: .same, x: minX + x, count: same - x, left: left))
                    x = same
                    continue
                }
                // A whole cell starts where the column before reads another cell.
                var whole = x > 0 && x + reach <= columns.count && columns[x - 1].left != left
                var weights = SIMD8<Float>.zero
                var k = 0
                while whole, k < factor {
                    whole = columns[x + k].left == left
                    weights[k] = columns[x + k].weight
                    k += 1
                }
                guard whole, weights == pattern ?? weights else {
                    x += 1
                    continue
                }
                pattern = weights
                if let last = runs.last, last.kind == .cells, last.end(factor: factor) == minX + x, last.left + last.count == left
                {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(ColumnRun(kind: .cells, x: minX + x, count: 1, left: left))
                }
                x += factor
            }
            return (runs, pattern ?? .zero)
        }

        /// Writes every value of ``region``, row by row, into `out`.
        func read<Value: PixelValue>(into out: UnsafeMutableBufferPointer<Value>) {
            precondition(Value.channels == plane.cells.channels)
            withScratch { scratch in
                for y in region.minY..<region.maxY {
                    let row = blend(row: y, in: scratch)
                    let target = out.baseAddress! + (y - region.minY) * region.width - region.minX
                    if Value.self == Float.self {
                        row.write(
                            region.minX..<region.maxX, into: UnsafeMutableRawPointer(target).assumingMemoryBound(to: Float.self))
                    } else {
                        for x in region.minX..<region.maxX { target[x] = row.value(column: x) }
                    }
                }
            }
        }

        /// Calls `body` with scratch memory for one row of cells (``blend(row:in:)``): a zero cell
        /// on each side, and room for vector stores past the last cell (they copy the plane's zero
        /// row padding); for a row of zeros, what lies above and below the plane; and for two rows
        /// the width of the region, its values and what reads them.
        func withScratch<R>(_ body: (Scratch) -> R) -> R {
            let cellCount = (plane.cells.width + 2) * plane.cells.channels + FloatPlane.Vector.scalarCount
            let zeros = plane.cells.rowStride
            return withUnsafeTemporaryAllocation(of: Float.self, capacity: cellCount + zeros + 2 * region.width) { buffer in
                // The row of values is written before it is read.
                buffer.baseAddress!.initialize(repeating: 0, count: cellCount + zeros)
                return columns.withUnsafeBufferPointer { columns in
                    self.runs.withUnsafeBufferPointer { runs in
                        let cells = buffer.baseAddress!
                        return body(
                            Scratch(
                                cells: cells, zeros: cells + cellCount, values: cells + cellCount + zeros - region.minX,
                                spare: cells + cellCount + zeros + region.width - region.minX,
                                row: Row.Layout(
                                    columns: columns.baseAddress! - region.minX, runs: runs, cellWeights: cellWeights,
                                    factor: plane.factor)))
                    }
                }
            }
        }

        /// Where a row of cells is blended, a row of values written, and how a row is read.
        struct Scratch {
            fileprivate let cells: UnsafeMutablePointer<Float>
            fileprivate let zeros: UnsafePointer<Float>
            /// A row of the region's values, by canvas column.
            let values: UnsafeMutablePointer<Float>
            /// Another such row, for what reads the values.
            let spare: UnsafeMutablePointer<Float>
            fileprivate let row: Row.Layout
        }

        /// One row of cells, interpolated between two rows of the plane.
        struct Row {
            private let cells: UnsafeRawPointer
            private let layout: Layout

            /// Which cells and weights the columns read.
            fileprivate struct Layout {
                /// By canvas column.
                let columns: UnsafePointer<(left: Int, weight: Float)>
                let runs: UnsafeBufferPointer<ColumnRun>
                let cellWeights: SIMD8<Float>
                let factor: Int
            }

            fileprivate init(cells: UnsafeRawPointer, layout: Layout) {
                self.cells = cells
                self.layout = layout
            }

            /// The value at canvas column `x`, bilinear between its two cells.
            @inline(__always)
            func value<Value: PixelValue>(column x: Int) -> Value {
                let (left, weight) = layout.columns[x]
                let l = Value(loading: cells, cell: left), r = Value(loading: cells, cell: left &+ 1)
                return l + (r - l).scaled(by: weight)
            }

            /// Writes the value of every column of `columns` (canvas columns of the region) at `out[x]`,
            /// one channel: whole cells as vectors, which may also write other columns of the region.
            @inline(__always)
            func write(_ columns: Range<Int>, into out: UnsafeMutablePointer<Float>) {
                let (factor, weights) = (layout.factor, layout.cellWeights)
                var x = columns.lowerBound
                for run in layout.runs {
                    let end = run.end(factor: factor)
                    if end <= x { continue }
                    if run.x >= columns.upperBound { break }
                    while x < run.x {
                        out[x] = value(column: x)
                        x &+= 1
                    }
                    guard run.kind == .cells else {
                        let stop = min(end, columns.upperBound)
                        (out + x).update(repeating: value(column: run.x), count: stop &- x)
                        x = stop
                        continue
                    }
                    let first = (x &- run.x) / factor
                    let last = min(run.count, (columns.upperBound &- run.x &+ factor &- 1) / factor)
                    if factor == 1 {
                        // Four cells, four columns, at a time.
                        var i = first
                        while i &+ 4 <= last {
                            let l = cells.loadUnaligned(fromByteOffset: (run.left &+ i) &* 4, as: SIMD4<Float>.self)
                            let r = cells.loadUnaligned(fromByteOffset: (run.left &+ i &+ 1) &* 4, as: SIMD4<Float>.self)
                            UnsafeMutableRawPointer(out + (run.x &+ i)).storeBytes(
                                of: l + (r - l) * weights[0], as: SIMD4<Float>.self)
                            i &+= 4
                        }
                        while i < last {
                            out[run.x &+ i] = value(column: run.x &+ i)
                            i &+= 1
                        }
                    } else {
                        for i in first..<last {
                            let l = Float(loading: cells, cell: run.left &+ i)
                            let step = Float(loading: cells, cell: run.left &+ i &+ 1) - l
                            let target = UnsafeMutableRawPointer(out + (run.x &+ i &* factor))
                            target.storeBytes(
                                of: SIMD4(repeating: l) + SIMD4(repeating: step) * weights.lowHalf, as: SIMD4<Float>.self)
                            if factor > 4 {
                                target.storeBytes(
                                    of: SIMD4(repeating: l) + SIMD4(repeating: step) * weights.highHalf, toByteOffset: 16,
                                    as: SIMD4<Float>.self)
                            }
                        }
                    }
                    x = run.x &+ last &* factor
                }
                while x < columns.upperBound {
                    out[x] = value(column: x)
                    x &+= 1
                }
            }
        }

        /// Canvas row `y`'s cells, interpolated between two rows of the plane into `scratch`; valid
        /// until the next row is blended into it.
        @inline(__always)
        func blend(row y: Int, in scratch: Scratch) -> Row {
            let cells = plane.cells, channels = cells.channels, repeated = plane.rows
            let (upper, w) = plane.cell(y, plane.grid.minY, offsetY)
            let cellRows = cells.height + repeated.count
            cells.values.withUnsafeBufferPointer { values in
                func row(_ index: Int) -> UnsafeRawPointer {
                    UnsafeRawPointer(
                        index >= 0 && index < cellRows
                            ? values.baseAddress! + repeated.cell(index) * cells.rowStride : scratch.zeros)
                }
                let (top, bottom) = (row(upper), row(upper + 1))
                let row = UnsafeMutableRawPointer(scratch.cells + channels)
                var k = blended.lowerBound
                while k < blended.upperBound {
                    let a = top.loadUnaligned(fromByteOffset: k &* 4, as: FloatPlane.Vector.self)
                    let b = bottom.loadUnaligned(fromByteOffset: k &* 4, as: FloatPlane.Vector.self)
                    row.storeBytes(of: a + (b - a) * w, toByteOffset: k &* 4, as: FloatPlane.Vector.self)
                    k &+= FloatPlane.Vector.scalarCount
                }
            }
            return Row(cells: UnsafeRawPointer(scratch.cells), layout: scratch.row)
        }
    }

    /// Cell coordinate of the centre of canvas pixel `p` moved back by `shift`; cell i has its
    /// centre at grid position (i + 0.5)·factor.
    @inline(__always)
    private func cell(_ p: Int, _ origin: Int, _ shift: Double) -> (index: Int, weight: Float) {
        let u = (Double(p - origin) + 0.5 - shift) / Double(factor) - 0.5
        let lower = u.rounded(.down)
        return (Int(lower), Float(u - lower))
    }
}

/// Writes `channels` floats for each pixel of `columns` on each of `rows` into `out`: the first row
/// from its start, each next one `rowStride` floats further.
typealias RowWriter = (_ rows: Range<Int>, _ columns: Range<Int>, _ out: UnsafeMutablePointer<Float>, _ rowStride: Int) -> Void

/// Block averages of a layer's pixels being gathered for a ``BlurredPlane``: rows may come in any
/// number of calls, top to bottom, as when content is drawn band by band.
struct BlockAverages {
    private var cells: FloatPlane
    private let factor: Int
    /// σ left for the reduced cells.
    private let reducedSigma: Double
    /// The pixels the cells cover: the domain grown to whole blocks of the canvas's grid.
    let grid: PixelRect

    /// Nothing gathered yet over `domain`, for a blur of σ = `sigma` pixels (none when zero) reduced
    /// so as to keep σ ≥ `cellSigma` cells.
    init(domain: PixelRect, channels: Int, sigma: Double, cellSigma: Double = GaussianBlur.pixelsPerReduction) {
        var storage = FloatPlane.empty
        self.init(domain: domain, channels: channels, sigma: sigma, cellSigma: cellSigma, reusing: &storage)
    }

    /// The same, in the memory of `storage` when it is large enough; `storage` is left empty.
    init(domain: PixelRect, channels: Int, sigma: Double, cellSigma: Double, reusing storage: inout FloatPlane) {
        (factor, reducedSigma) = sigma > 0 ? GaussianBlur.reduction(sigma: sigma, cellSigma: cellSigma) : (1, 0)
        grid = domain.snapped(toMultiplesOf: factor)
        // Swapped, not copied: a plane changed in place must be the memory's only owner.
        cells = .empty
        swap(&cells, &storage)
        cells.clear(width: grid.width / factor, height: grid.height / factor, channels: channels)
    }

    /// Adds what `rows` writes over `area` (within the domain; zero is assumed elsewhere), averaged
    /// over blocks of `factor` × `factor` pixels: one cell a block. The rows of a row of cells are
    /// written at once, so that a writer's cost per call is paid once for them.
    ///
    /// `ones(y)`, when given (one channel), names columns of row `y` whose values are exactly 1, as
    /// under an opaque face: the blocks wholly within them on all their rows are neither written
    /// nor summed, but added the sum of their ones, which is what summing them gives, to the bit.
    mutating func add(_ rows: RowWriter, over area: PixelRect, ones: ((_ y: Int) -> Range<Int>)? = nil) {
        guard !area.isEmpty else { return }
        precondition(ones == nil || cells.channels == 1, "only an alpha can be known to be 1")
        let (grid, factor, channels, rowStride) = (grid, factor, cells.channels, cells.rowStride)
        let weight = 1 / Float(factor * factor)
        let start = area.minX - grid.minX, lineStride = area.width * channels
        /// The pixels of a row (indices into it) in whole blocks of ones on every row of `band`;
        /// empty at the row's end when none.
        func blocksOfOnes(_ band: Range<Int>) -> Range<Int> {
            let none = area.width..<area.width
            guard let ones else { return none }
            let run = band.reduce(area.minX..<area.maxX) { $0.clamped(to: ones($1)) }
            let first = (run.lowerBound - grid.minX + factor - 1) / factor * factor - start
            let end = (run.upperBound - grid.minX) / factor * factor - start
            return first < end ? first..<end : none
        }
        var line = [Float](repeating: 0, count: factor * lineStride)
        /// Adds each block's share of the pixels `part` of `line` (row `y`) to `cells`, one `Value`
        /// a pixel and a cell; `part` starts at a block's start or at the line's.
        func accumulate<Value: PixelValue>(
            _ type: Value.Type, _ cells: UnsafeMutableRawPointer, _ line: UnsafeRawPointer, y: Int, part: Range<Int>
        ) {
            let row = cells + (y - grid.minY) / factor * rowStride * 4
            guard factor > 1 else {
                // A cell a pixel: the same sums, in a loop the compiler runs several pixels at a time.
                for i in part {
                    (Value(loading: row, cell: start &+ i) + (Value.zero + Value(loading: line, cell: i)).scaled(by: weight))
                        .store(into: row, cell: start &+ i)
                }
                return
            }
            // Block by block: the pixels of `part` in each, summed from left to right.
            var cell = (start + part.lowerBound) / factor, i = part.lowerBound
            var end = i + factor - (start + i) % factor
            while i < part.upperBound {
                if Value.channels == 1, end &- i == factor, i &+ 4 &* factor <= part.upperBound {
                    // Four whole blocks of one channel at once, a lane each: the same sums, in the same order.
                    /// The four sums, `f` being `factor` as a constant the compiler can unroll.
                    @inline(__always) func sums(_ f: Int) -> SIMD4<Float> {
                        var sum = SIMD4<Float>.zero
                        for k in 0..<f {
                            let a = Float(loading: line, cell: i &+ k), b = Float(loading: line, cell: i &+ f &+ k)
                            let c = Float(loading: line, cell: i &+ 2 &* f &+ k)
                            let d = Float(loading: line, cell: i &+ 3 &* f &+ k)
                            sum = sum + SIMD4(a, b, c, d)
                        }
                        return sum
                    }
                    let sum = factor == 4 ? sums(4) : factor == 3 ? sums(3) : sums(factor)
                    let cells = row + cell &* 4
                    cells.storeBytes(of: cells.loadUnaligned(as: SIMD4<Float>.self) + sum * weight, as: SIMD4<Float>.self)
                    i &+= 4 &* factor
                    cell &+= 4
                    end &+= 4 &* factor
                    continue
                }
                end = min(end, part.upperBound)
                var sum = Value.zero
                while i < end {
                    sum = sum + Value(loading: line, cell: i)
                    i &+= 1
                }
                (Value(loading: row, cell: cell) + sum.scaled(by: weight)).store(into: row, cell: cell)
                cell &+= 1
                end &+= factor
            }
        }
        // A block of ones: `factor` ones summed on each of its rows.
        let onesRow = Float(factor) * weight
        cells.values.withUnsafeMutableBytes { cells in
            line.withUnsafeMutableBufferPointer { line in
                var top = area.minY
                while top < area.maxY {
                    // The rows of `area` in one row of cells.
                    let band = top..<min(grid.minY + ((top - grid.minY) / factor + 1) * factor, area.maxY)
                    top = band.upperBound
                    let skipped = blocksOfOnes(band)
                    let (left, right) = (0..<skipped.lowerBound, skipped.upperBound..<area.width)
                    for part in [left, right] where !part.isEmpty {
                        let columns = (area.minX + part.lowerBound)..<(area.minX + part.upperBound)
                        rows(band, columns, line.baseAddress! + part.lowerBound * channels, lineStride)
                    }
                    let row = cells.baseAddress! + (band.lowerBound - grid.minY) / factor * rowStride * 4
                    for y in band {
                        let pixels = UnsafeRawPointer(line.baseAddress! + (y - band.lowerBound) * lineStride)
                        for part in [left, right] where !part.isEmpty {
                            if channels == 1 {
                                accumulate(Float.self, cells.baseAddress!, pixels, y: y, part: part)
                            } else {
                                accumulate(SIMD4<Float>.self, cells.baseAddress!, pixels, y: y, part: part)
                            }
                        }
                        for cell in (start + skipped.lowerBound) / factor..<(start + skipped.upperBound) / factor {
                            (Float(loading: row, cell: cell) + onesRow).store(into: row, cell: cell)
                        }
                    }
                }
            }
        }
    }

    /// The averages blurred by what is left of σ, along the columns and then the rows, passing back
    /// and forth between the cells and `spare`: two planes, whatever the number of passes. With
    /// `rows` (canvas rows), the second pass runs, and the plane keeps cells, only where those rows
    /// can read them; without, runs of equal columns and rows are blurred shortened
    /// (``BlurredPlane/Repeat``).
    consuming func blurred(spare: inout FloatPlane, rows wanted: Range<Int>? = nil) -> BlurredPlane {
        var plane = FloatPlane.empty
        swap(&plane, &cells)
        guard reducedSigma > 0 else { return BlurredPlane(cells: plane, factor: factor, grid: grid) }
        var (columns, rows) = (BlurredPlane.Repeat.none, BlurredPlane.Repeat.none)
        var (kept, keptGrid) = (0..<plane.height, grid)
        if let wanted {
            // A row reads the cells on either side of its centre.
            kept =
                max(
                    (wanted.lowerBound - grid.minY) / factor - 1, 0)..<min(
                    (wanted.upperBound - grid.minY + factor - 1) / factor + 1, plane.height)
            keptGrid = PixelRect(
                minX: grid.minX, minY: grid.minY + kept.lowerBound * factor,
                maxX: grid.maxX, maxY: grid.minY + kept.upperBound * factor)
        } else {
            // 6σ on either side of the cell kept for a run: the recursive filter's response decays
            // more slowly than the Gaussian, and beyond 6σ holds under 10⁻⁴ of its mass.
            let margin = GaussianBlur.reach(sigma: 1.5 * reducedSigma)
            columns = BlurredPlane.Repeat(shortening: plane.equalColumns(), margin: margin)
            rows = BlurredPlane.Repeat(shortening: plane.equalRows(), margin: margin)
            if columns != .none || rows != .none {
                plane.removing(columns: columns.removed, rows: rows.removed, into: &spare)
                swap(&plane, &spare)
                kept = 0..<plane.height
            }
        }
        let blur = GaussianBlur(sigma: reducedSigma)
        plane.filteringColumns(blur, into: &spare)
        spare.transposed(into: &plane, rows: kept)
        plane.filteringColumns(blur, into: &spare)
        spare.transposed(into: &plane)
        return BlurredPlane(cells: plane, factor: factor, grid: keptGrid, columns: columns, rows: rows)
    }

    /// The averages blurred, in new storage.
    consuming func blurred() -> BlurredPlane {
        var spare = FloatPlane.empty
        return blurred(spare: &spare)
    }
}

extension PixelRect {
    /// Grown to the smallest rectangle whose sides lie on multiples of `factor` (canvas pixels).
    func snapped(toMultiplesOf factor: Int) -> PixelRect {
        guard factor > 1, !isEmpty else { return self }
        func down(_ v: Int) -> Int { v >= 0 ? v / factor * factor : -((-v + factor - 1) / factor * factor) }
        func up(_ v: Int) -> Int { -down(-v) }
        return PixelRect(minX: down(minX), minY: down(minY), maxX: up(maxX), maxY: up(maxY))
    }
}
