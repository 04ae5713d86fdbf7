import ReliefGeometry

/// Non-zero coverage of a path, by accumulating each edge's signed area into a buffer and summing
/// every row from left to right.
///
/// The running sum is the winding number averaged over each pixel's area, so `min(1, |sum|)` is the
/// anti-aliased non-zero fill: overlapping contours of the same direction stay filled, holes of the
/// opposite direction cancel.
struct PathRasterizer {
    let bounds: PixelRect
    /// One row is `width + 2` cells, so edges clamped to the right side never spill into the next row.
    private var cells: [Float]
    private let stride: Int

    /// Curves are split until each straight piece is within this many pixels of the curve.
    static let flatness = 0.1

    init(bounds: PixelRect) {
        self.bounds = bounds
        stride = bounds.width + 2
        cells = [Float](repeating: 0, count: stride * max(bounds.height, 0))
    }

    /// Adds every contour of `path` (in canvas pixels); open contours are closed.
    mutating func add(_ path: Path) {
        var start = Point.zero
        var current = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                addLine(current, start)
                start = p
                current = p
            case .line(let p):
                addLine(current, p)
                current = p
            case .quad(let c, let p):
                let segments = Self.segmentCount(deviation: Self.length(current - c * 2 + p) / 4)
                var previous = current
                for i in 1...segments {
                    let t = Double(i) / Double(segments), u = 1 - t
                    let q = current * (u * u) + c * (2 * u * t) + p * (t * t)
                    addLine(previous, q)
                    previous = q
                }
                current = p
            case .cubic(let c1, let c2, let p):
                let deviation = max(Self.length(current - c1 * 2 + c2), Self.length(c1 - c2 * 2 + p)) * 3 / 4
                let segments = Self.segmentCount(deviation: deviation)
                var previous = current
                for i in 1...segments {
                    let t = Double(i) / Double(segments), u = 1 - t
                    let q = current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                    addLine(previous, q)
                    previous = q
                }
                current = p
            case .close:
                addLine(current, start)
                current = start
            }
        }
        addLine(current, start)
    }

    private static func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

    /// Pieces needed so a curve whose second difference bounds its deviation by `deviation` stays flat.
    private static func segmentCount(deviation: Double) -> Int {
        min(max(Int((deviation / flatness).squareRoot().rounded(.up)), 1), 256)
    }

    /// Adds the signed area that the edge from `a` to `b` contributes, row by row.
    private mutating func addLine(_ a: Point, _ b: Point) {
        guard a.y != b.y, bounds.height > 0 else { return }
        let direction: Float = a.y < b.y ? 1 : -1
        let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
        let y0 = top.y - Double(bounds.minY), y1 = bottom.y - Double(bounds.minY)
        let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
        let originX = Double(bounds.minX)
        let maxX = Double(bounds.width)
        let firstRow = max(Int(y0.rounded(.down)), 0)
        let endRow = min(Int(y1.rounded(.up)), bounds.height)
        guard firstRow < endRow else { return }
        let stride = stride
        cells.withUnsafeMutableBufferPointer { cells in
            for row in firstRow..<endRow {
                let rowTop = max(Double(row), y0), rowBottom = min(Double(row + 1), y1)
                let dy = Float(rowBottom - rowTop)
                let xa = min(max(top.x + (rowTop - y0) * dxdy - originX, 0), maxX)
                let xb = min(max(top.x + (rowBottom - y0) * dxdy - originX, 0), maxX)
                Self.accumulate(cells, rowStart: row * stride, from: min(xa, xb), to: max(xa, xb), area: dy * direction)
            }
        }
    }

    /// Spreads `area` (the edge's height in this row, signed) over the cells its x span crosses:
    /// cell k receives the part of the row to the right of the edge that starts in column k.
    @inline(__always)
    private static func accumulate(
        _ cells: UnsafeMutableBufferPointer<Float>, rowStart: Int, from x0: Double, to x1: Double, area: Float
    ) {
        let i0 = Int(x0.rounded(.down))
        let i1 = Int(x1.rounded(.up))
        if i1 <= i0 + 1 {
            // The edge stays in one column: split by the mean x inside it.
            let mid = Float((x0 + x1) / 2 - Double(i0))
            cells[rowStart + i0] += area * (1 - mid)
            cells[rowStart + i0 + 1] += area * mid
            return
        }
        // The edge crosses several columns: coverage grows linearly between x0 and x1, so each column
        // receives the integral of that ramp over its width.
        let slope = Float(1 / (x1 - x0))
        let f0 = Float(x0 - Double(i0))
        let headArea = 0.5 * slope * (1 - f0) * (1 - f0)
        let f1 = Float(x1 - Double(i1) + 1)
        let tailArea = 0.5 * slope * f1 * f1
        cells[rowStart + i0] += area * headArea
        var covered = headArea
        if i1 > i0 + 2 {
            let second = slope * (1.5 - f0) - headArea
            cells[rowStart + i0 + 1] += area * second
            covered += second
            for i in (i0 + 2)..<(i1 - 1) {
                cells[rowStart + i] += area * slope
                covered += slope
            }
        }
        cells[rowStart + i1 - 1] += area * (1 - covered - tailArea)
        cells[rowStart + i1] += area * tailArea
    }

    /// Coverage of pixel (column, row) of `bounds` after summing, 0...1, handed to `body` row by row.
    func forEachCoverage(_ body: (_ column: Int, _ row: Int, _ coverage: Float) -> Void) {
        for row in 0..<bounds.height {
            var sum: Float = 0
            for column in 0..<bounds.width {
                sum += cells[row * stride + column]
                let c = min(abs(sum), 1)
                if c > 1.0 / 4096 { body(column, row, c) }
            }
        }
    }
}

extension Layer {
    /// `path` (in canvas pixels) filled with the non-zero rule and `paint`, clipped to `clip`.
    public static func fill(_ path: Path, with paint: Paint, clip: PixelRect) -> Layer {
        guard let box = path.controlBounds else { return .empty }
        let bounds = PixelRect(enclosing: box.insetBy(-1)).intersection(clip)
        guard !bounds.isEmpty else { return .empty }
        var rasterizer = PathRasterizer(bounds: bounds)
        rasterizer.add(path)
        let sampler = PaintSampler(paint)
        if let color = sampler.solidColor {
            return Layer(bounds: bounds, color: color) { out in
                out.initialize(repeating: 0)
                rasterizer.forEachCoverage { column, row, c in out[row * bounds.width + column] = c }
            }
        }
        return Layer(bounds: bounds) { out in
            out.initialize(repeating: .zero)
            rasterizer.forEachCoverage { column, row, c in
                out[row * bounds.width + column] = sampler.color(x: bounds.minX + column, y: bounds.minY + row) * c
            }
        }
    }
}
