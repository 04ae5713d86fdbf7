import ReliefGeometry

/// What fills covered pixels: one colour, or an axial gradient in canvas pixel coordinates.
public enum Paint: Sendable, Hashable {
    case solid(Color)
    /// Colour runs from `from` at `start` to `to` at `end`, constant along lines perpendicular to that
    /// axis and clamped beyond its ends (CoreGraphics axial semantics).
    case linearGradient(start: Point, end: Point, from: Color, to: Color)
}

extension Color {
    /// Premultiplied components in `Float`, the layout of a ``Layer`` pixel.
    var premultiplied: SIMD4<Float> {
        let a = Float(alpha)
        return SIMD4(Float(red) * a, Float(green) * a, Float(blue) * a, a)
    }
}

/// A ``Paint`` prepared for evaluation at pixel centres, row by row.
struct PaintSampler {
    private let first: SIMD4<Float>
    private let delta: SIMD4<Float>
    /// t = x·tx + y·ty + t0 at a pixel centre; both zero for a solid colour.
    private let tx: Float
    private let ty: Float
    private let t0: Float
    let isSolid: Bool
    /// The colour of a solid paint.
    var solidColor: SIMD4<Float>? { isSolid ? first : nil }
    /// Whether every colour it paints has an alpha of exactly 1: a gradient's alpha is
    /// `first.w + delta.w · t`, exactly 1 when its ends' alphas are.
    var isOpaque: Bool { first.w == 1 && delta.w == 0 }

    init(_ paint: Paint) {
        switch paint {
        case .solid(let color):
            first = color.premultiplied
            delta = .zero
            tx = 0; ty = 0; t0 = 0
            isSolid = true
        case .linearGradient(let start, let end, let from, let to):
            // Interpolating premultiplied values keeps a fade to `clear` free of dark fringes.
            first = from.premultiplied
            delta = to.premultiplied - first
            let dx = end.x - start.x, dy = end.y - start.y
            let lengthSquared = dx * dx + dy * dy
            if lengthSquared > 0 {
                tx = Float(dx / lengthSquared)
                ty = Float(dy / lengthSquared)
                t0 = Float(((0.5 - start.x) * dx + (0.5 - start.y) * dy) / lengthSquared)
            } else {
                tx = 0; ty = 0; t0 = 0
            }
            isSolid = from == to
        }
    }

    /// The premultiplied colour at the centre of pixel (x, y).
    @inline(__always)
    func color(x: Int, y: Int) -> SIMD4<Float> {
        if isSolid { return first }
        let t = min(max(Float(x) * tx + Float(y) * ty + t0, 0), 1)
        return first + delta * t
    }

    /// The colours of `columns` on row `y`, each at `row[x]`.
    @inline(__always)
    func write(row y: Int, columns: Range<Int>, into row: UnsafeMutablePointer<SIMD4<Float>>) {
        if isSolid {
            (row + columns.lowerBound).update(repeating: first, count: columns.count)
            return
        }
        // Four columns at a time, each t computed as color(x:y:) computes it (column numbers are
        // exact in Float); t is linear along the row, so when both ends lie in 0...1 none is clamped.
        let rowT = Float(y) * ty
        let ends = (Float(columns.lowerBound) * tx + rowT) + t0, last = (Float(columns.upperBound - 1) * tx + rowT) + t0
        let clamps = min(ends, last) < 0 || max(ends, last) > 1
        var x = columns.lowerBound
        var xs = SIMD4<Float>(Float(x), Float(x) + 1, Float(x) + 2, Float(x) + 3)
        while x &+ 4 <= columns.upperBound {
            var t = (xs * tx + rowT) + t0
            if clamps {
                t.replace(with: 0, where: t .< 0)
                t.replace(with: 1, where: t .> 1)
            }
            row[x] = first + delta * t[0]
            row[x &+ 1] = first + delta * t[1]
            row[x &+ 2] = first + delta * t[2]
            row[x &+ 3] = first + delta * t[3]
            x &+= 4
            xs += 4
        }
        for x in x..<columns.upperBound { row[x] = color(x: x, y: y) }
    }
}

extension Layer {
    /// Every pixel of `area` painted by `paint`.
    init(painting paint: PaintSampler, over area: PixelRect) {
        if let color = paint.solidColor {
            self.init(bounds: area, color: color) { $0.initialize(repeating: 1) }
            return
        }
        self.init(bounds: area) { out in
            for y in area.minY..<area.maxY {
                paint.write(
                    row: y, columns: area.minX..<area.maxX, into: out.baseAddress! + (y - area.minY) * area.width - area.minX)
            }
        }
    }
}
