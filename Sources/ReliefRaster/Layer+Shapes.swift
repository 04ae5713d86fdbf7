import ReliefGeometry

extension Layer {
    /// The outline (in canvas pixels) filled with `paint`, clipped to `clip`.
    ///
    /// Coverage is `0.5 − distance` clamped to 0...1, by the outline's exact signed distance: a
    /// one-pixel ramp centred on the edge, which for straight edges equals the pixel's exact area inside.
    public static func fill(_ outline: RoundedRect, with paint: Paint, clip: PixelRect) -> Layer {
        let bounds = PixelRect(enclosing: outline.rect.insetBy(-1)).intersection(clip)
        // Pixels whose centre is half a pixel inside are fully covered.
        return covering(bounds, paint: paint, reach: outline.insetBy(-0.5), solid: outline.insetBy(0.5), solidCoverage: 1) { x, y in
            coverage(outside: outline.signedDistance(x, y))
        }
    }

    /// The outline (in canvas pixels) stroked with `paint`, `lineWidth` pixels wide, centred on the outline.
    public static func stroke(_ outline: RoundedRect, lineWidth: Double, with paint: Paint, clip: PixelRect) -> Layer {
        let half = lineWidth / 2
        let bounds = PixelRect(enclosing: outline.rect.insetBy(-half - 1)).intersection(clip)
        // Pixels whose centre is more than half a pixel inside the inner edge are untouched.
        return covering(bounds, paint: paint, reach: outline.insetBy(-half - 0.5), solid: outline.insetBy(half + 0.5), solidCoverage: 0) { x, y in
            // Inside the outer edge minus inside the inner edge: exact for hairlines too.
            let d = outline.signedDistance(x, y)
            return coverage(outside: d - half) - coverage(outside: d + half)
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
    static func covering(_ bounds: PixelRect, paint: Paint, reach: RoundedRect?, solid: RoundedRect?, solidCoverage: Float,
                         coverage: (Double, Double) -> Float) -> Layer {
        let sampler = PaintSampler(paint)
        func write<T: PixelValue>(_ out: UnsafeMutableBufferPointer<T>, zero: T, _ value: (Int, Int, Float) -> T) {
            forEachRow(bounds, reach: reach, solid: solid, solidCoverage: solidCoverage, coverage: coverage, out, zero: zero, value)
        }
        if let color = sampler.solidColor {
            return Layer(bounds: bounds, color: color) { out in write(out, zero: 0) { _, _, c in c } }
        }
        return Layer(bounds: bounds) { out in write(out, zero: .zero) { x, y, c in sampler.color(x: x, y: y) * c } }
    }

    /// Writes every pixel of `bounds` into `out`, row by row: `value(x, y, coverage)` where coverage
    /// is above zero, `zero` elsewhere. ``covering(_:paint:reach:solid:solidCoverage:coverage:)``
    /// says which pixels are evaluated.
    @inline(__always)
    private static func forEachRow<T>(_ bounds: PixelRect, reach: RoundedRect?, solid: RoundedRect?, solidCoverage: Float,
                                      coverage: (Double, Double) -> Float, _ out: UnsafeMutableBufferPointer<T>,
                                      zero: T, _ value: (Int, Int, Float) -> T) {
        /// Columns whose centres lie within `outline` on the row centred at `y`, widened by `slack`.
        func columns(_ outline: RoundedRect?, _ y: Double, slack: Double) -> ClosedRange<Int>? {
            guard let (minX, maxX) = outline?.span(atY: y) else { return nil }
            let first = Int((minX - 0.5 - slack).rounded(.up)), last = Int((maxX - 0.5 + slack).rounded(.down))
            return first <= last ? first...last : nil
        }
        for y in bounds.minY..<bounds.maxY {
            let cy = Double(y) + 0.5
            let row = out.baseAddress! + (y - bounds.minY) * bounds.width - bounds.minX
            // A hair of slack keeps rounding from turning an edge pixel solid.
            guard let varying = columns(reach, cy, slack: 1e-6)?.clamped(to: bounds.minX...(bounds.maxX - 1)),
                  bounds.width > 0 else {
                (row + bounds.minX).update(repeating: zero, count: bounds.width)
                continue
            }
            let constant = columns(solid, cy, slack: -1e-6)?.clamped(to: varying)
            (row + bounds.minX).update(repeating: zero, count: varying.lowerBound - bounds.minX)
            (row + varying.upperBound + 1).update(repeating: zero, count: bounds.maxX - 1 - varying.upperBound)
            func evaluate(_ columns: Range<Int>) {
                for x in columns {
                    let c = coverage(Double(x) + 0.5, cy)
                    row[x] = c > 0 ? value(x, y, c) : zero
                }
            }
            guard let constant else {
                evaluate(varying.lowerBound..<(varying.upperBound + 1))
                continue
            }
            evaluate(varying.lowerBound..<constant.lowerBound)
            for x in constant {
                row[x] = solidCoverage > 0 ? value(x, y, solidCoverage) : zero
            }
            evaluate((constant.upperBound + 1)..<(varying.upperBound + 1))
        }
    }
}
