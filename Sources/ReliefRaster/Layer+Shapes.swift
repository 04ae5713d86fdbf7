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
    static func covering(_ bounds: PixelRect, paint: Paint, coverage: (Double, Double) -> Float) -> Layer {
        var layer = Layer(bounds: bounds)
        let sampler = PaintSampler(paint)
        let width = bounds.width
        layer.pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<bounds.height {
                let y = bounds.minY + row
                let cy = Double(y) + 0.5
                var i = row * width * 4
                for x in bounds.minX..<bounds.maxX {
                    let c = coverage(Double(x) + 0.5, cy)
                    if c > 0 {
                        let v = sampler.color(x: x, y: y) * c
                        out[i] = v.x; out[i + 1] = v.y; out[i + 2] = v.z; out[i + 3] = v.w
                    }
                    i += 4
                }
            }
        }
        return layer
    }
}
