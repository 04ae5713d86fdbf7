import ReliefGeometry

extension Layer {
    /// The outline (in canvas pixels) filled with `paint`, clipped to `clip`.
    ///
    /// Coverage is `0.5 − distance` clamped to 0...1, by the outline's exact signed distance: a
    /// one-pixel ramp centred on the edge, which for straight edges equals the pixel's exact area inside.
    public static func fill(_ outline: RoundedRect, with paint: Paint, clip: PixelRect) -> Layer {
        let bounds = PixelRect(enclosing: outline.rect.insetBy(-1)).intersection(clip)
        // Pixels whose centre is half a pixel inside are fully covered.
        return covering(bounds, paint: paint, reach: outline.insetBy(-0.5), solid: outline.insetBy(0.5), solidCoverage: 1) {
            x, y in
            coverage(outside: outline.signedDistance(x, y))
        }
    }

    /// The outline (in canvas pixels) stroked with `paint`, `lineWidth` pixels wide, centred on the outline.
    public static func stroke(_ outline: RoundedRect, lineWidth: Double, with paint: Paint, clip: PixelRect) -> Layer {
        let ring = StrokedOutline(outline, lineWidth: lineWidth, clip: clip)
        return ring.covering(ring.bounds, with: paint)
    }

    /// The same stroke as ``stroke(_:lineWidth:with:clip:)``, in up to four layers that leave out
    /// the rectangle in its middle where no pixel is covered: a card's ring is a few pixels wide
    /// around hundreds of empty rows, which would otherwise be written, stored and composited.
    public static func strokeParts(_ outline: RoundedRect, lineWidth: Double, with paint: Paint, clip: PixelRect) -> [Layer] {
        let ring = StrokedOutline(outline, lineWidth: lineWidth, clip: clip)
        return ring.bounds.subtracting(ring.hole).map { ring.covering($0, with: paint) }
    }

    /// What stroking an outline covers, and where it covers nothing.
    private struct StrokedOutline {
        let outline: RoundedRect
        let half: Double
        /// The pixels the stroke can reach.
        let bounds: PixelRect
        /// Pixels inside the inner edge by half a pixel or more, whose coverage is 0 (not cut to
        /// ``bounds``).
        let hole: PixelRect

        init(_ outline: RoundedRect, lineWidth: Double, clip: PixelRect) {
            self.outline = outline
            half = lineWidth / 2
            bounds = PixelRect(enclosing: outline.rect.insetBy(-half - 1)).intersection(clip)
            hole = outline.insetBy(half + 0.5).map(PixelRect.init(centresWithin:)) ?? .empty
        }

        /// The stroke's pixels over `area`.
        func covering(_ area: PixelRect, with paint: Paint) -> Layer {
            let (outline, half) = (outline, half)
            // Pixels whose centre is more than half a pixel inside the inner edge are untouched.
            return Layer.covering(
                area, paint: paint, reach: outline.insetBy(-half - 0.5), solid: outline.insetBy(half + 0.5),
                solidCoverage: 0
            ) { x, y in
                // Inside the outer edge minus inside the inner edge: exact for hairlines too.
                let d = outline.signedDistance(x, y)
                return coverage(outside: d - half) - coverage(outside: d + half)
            }
        }
    }

    @inline(__always)
    static func coverage(outside distance: Double) -> Float {
        Float(min(max(0.5 - distance, 0), 1))
    }

    /// A layer over `bounds` whose pixels are `paint` times `coverage` at each pixel centre: held as
    /// coverage when the paint is one colour.
    ///
    /// `coverage` is evaluated only where it can vary: inside `reach` (beyond it coverage is 0) and
    /// outside `solid` (within it coverage is `solidCoverage`), so each row costs its edges, not its width.
    @inline(__always)
    static func covering(
        _ bounds: PixelRect, paint: Paint, reach: RoundedRect?, solid: RoundedRect?, solidCoverage: Float,
        coverage: (Double, Double) -> Float
    ) -> Layer {
        let sampler = PaintSampler(paint)
        // Where the paint is opaque, its solid runs hide what is under them (``opaqueRuns``).
        let opaque = solidCoverage == 1 && sampler.isOpaque
        var runs = [Range<Int>](repeating: 0..<0, count: opaque ? bounds.height : 0)
        func write<T: PixelValue>(
            _ out: UnsafeMutableBufferPointer<T>, zero: T, _ value: (Int, Int, Float) -> T,
            solidRun: (Int, Range<Int>, UnsafeMutablePointer<T>) -> Void
        ) {
            forEachRow(bounds, reach: reach, solid: solid, coverage: coverage, out, zero: zero, value) { y, run, row in
                if opaque { runs[y - bounds.minY] = run }
                solidRun(y, run, row)
            }
        }
        var layer: Layer
        if let color = sampler.solidColor {
            layer = Layer(bounds: bounds, color: color) { out in
                write(out, zero: 0, { _, _, c in c }) { _, run, row in
                    (row + run.lowerBound).update(repeating: solidCoverage, count: run.count)
                }
            }
        } else {
            layer = Layer(bounds: bounds) { out in
                write(out, zero: .zero, { x, y, c in sampler.color(x: x, y: y) * c }) { y, run, row in
                    switch solidCoverage {
                    case 0: (row + run.lowerBound).update(repeating: .zero, count: run.count)
                    // The paint itself, four columns at a time.
                    case 1: sampler.write(row: y, columns: run, into: row)
                    default: for x in run { row[x] = sampler.color(x: x, y: y) * solidCoverage }
                    }
                }
            }
        }
        if opaque { layer.opaqueRuns = runs }
        return layer
    }

    /// Writes every pixel of `bounds` into `out`, row by row: `value(x, y, coverage)` where coverage
    /// is above zero, `zero` elsewhere, and `solidRun(y, columns, row)` for the columns of row `y`
    /// inside `solid` (`row[x]` is column x). ``covering(_:paint:reach:solid:solidCoverage:coverage:)``
    /// says which pixels are evaluated.
    @inline(__always)
    private static func forEachRow<T>(
        _ bounds: PixelRect, reach: RoundedRect?, solid: RoundedRect?,
        coverage: (Double, Double) -> Float, _ out: UnsafeMutableBufferPointer<T>,
        zero: T, _ value: (Int, Int, Float) -> T,
        solidRun: (Int, Range<Int>, UnsafeMutablePointer<T>) -> Void
    ) {
        /// Columns whose centres lie within `outline` on the row centred at `y`, widened by `slack`,
        /// that are also in `limits`.
        func columns(_ outline: RoundedRect?, _ y: Double, slack: Double, within limits: Range<Int>) -> Range<Int>? {
            guard let (minX, maxX) = outline?.span(atY: y) else { return nil }
            let first = max(Int((minX - 0.5 - slack).rounded(.up)), limits.lowerBound)
            let end = min(Int((maxX - 0.5 + slack).rounded(.down)) + 1, limits.upperBound)
            return first < end ? first..<end : nil
        }
        for y in bounds.minY..<bounds.maxY {
            let cy = Double(y) + 0.5
            let row = out.baseAddress! + (y - bounds.minY) * bounds.width - bounds.minX
            // A hair of slack keeps rounding from turning an edge pixel solid.
            guard let varying = columns(reach, cy, slack: 1e-6, within: bounds.minX..<bounds.maxX) else {
                (row + bounds.minX).update(repeating: zero, count: bounds.width)
                continue
            }
            (row + bounds.minX).update(repeating: zero, count: varying.lowerBound - bounds.minX)
            (row + varying.upperBound).update(repeating: zero, count: bounds.maxX - varying.upperBound)
            func evaluate(_ columns: Range<Int>) {
                for x in columns {
                    let c = coverage(Double(x) + 0.5, cy)
                    row[x] = c > 0 ? value(x, y, c) : zero
                }
            }
            guard let constant = columns(solid, cy, slack: -1e-6, within: varying) else {
                evaluate(varying)
                continue
            }
            evaluate(varying.lowerBound..<constant.lowerBound)
            solidRun(y, constant, row)
            evaluate(constant.upperBound..<varying.upperBound)
        }
    }
}
