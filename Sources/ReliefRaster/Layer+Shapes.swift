import ReliefGeometry

extension Layer {
    /// The outline filled with `paint`, clipped to `clip`.
    ///
    /// Coverage is `0.5 − distance` clamped to 0...1: a one-pixel ramp centred on the edge, which for
    /// straight edges equals the pixel's exact area inside.
    public static func fill(_ outline: Outline, with paint: Paint, clip: PixelRect) -> Layer {
        let bounds = PixelRect(enclosing: outline.rect.insetBy(-1)).intersection(clip)
        return covering(bounds, paint: paint) { x, y in
            coverage(outside: outline.signedDistance(x, y))
        }
    }

    /// The outline stroked with `paint`, `lineWidth` pixels wide, centred on the outline.
    public static func stroke(_ outline: Outline, lineWidth: Double, with paint: Paint, clip: PixelRect) -> Layer {
        let half = lineWidth / 2
        let bounds = PixelRect(enclosing: outline.rect.insetBy(-half - 1)).intersection(clip)
        return covering(bounds, paint: paint) { x, y in
            // Inside the outer edge minus inside the inner edge: exact for hairlines too.
            let d = outline.signedDistance(x, y)
            return coverage(outside: d - half) - coverage(outside: d + half)
        }
    }

    @inline(__always)
    static func coverage(outside distance: Double) -> Float {
        Float(min(max(0.5 - distance, 0), 1))
    }

    /// A layer over `bounds` whose pixels are `paint` times `coverage` at each pixel centre.
    @inline(__always)
    static func covering(_ bounds: PixelRect, paint: Paint, coverage: (Double, Double) -> Float) -> Layer {
        let sampler = PaintSampler(paint)
        return Layer(bounds: bounds) { out in
            var i = 0
            for y in bounds.minY..<bounds.maxY {
                let cy = Double(y) + 0.5
                for x in bounds.minX..<bounds.maxX {
                    let c = coverage(Double(x) + 0.5, cy)
                    out[i] = c > 0 ? sampler.color(x: x, y: y) * c : .zero
                    i += 1
                }
            }
        }
    }
}
