import ReliefGeometry

extension Layer {
    /// Draws `top` over this layer, source-over on premultiplied colours: top + this·(1 − top.α).
    /// The layer grows to hold `top` when it must; only the part of `top` inside `clip` is drawn.
    public mutating func draw(_ top: Layer, clip: PixelRect? = nil) {
        let source = clip.map { top.bounds.intersection($0) } ?? top.bounds
        guard !source.isEmpty else { return }
        if bounds.isEmpty, source == top.bounds {
            self = top
            return
        }
        if bounds.intersection(source) != source {
            grow(to: bounds.union(source))
        }
        solidColor = nil
        let target = bounds
        let topBounds = top.bounds
        pixels.withUnsafeMutableBufferPointer { dst in
            top.pixels.withUnsafeBufferPointer { src in
                for row in 0..<source.height {
                    let y = source.minY + row
                    let d = (y - target.minY) * target.width + (source.minX - target.minX)
                    let s = (y - topBounds.minY) * topBounds.width + (source.minX - topBounds.minX)
                    for column in 0..<source.width {
                        let p = src[s + column]
                        dst[d + column] = p + dst[d + column] * (1 - p.w)
                    }
                }
            }
        }
    }

    /// This layer drawn source-over on top of `below`.
    public func composited(over below: Layer) -> Layer {
        var result = below
        result.draw(self)
        return result
    }

    /// Re-homes the pixels in larger `bounds`, transparent around them.
    private mutating func grow(to larger: PixelRect) {
        let old = bounds
        var grown = Layer(bounds: larger)
        grown.pixels.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for row in 0..<old.height {
                    let d = (old.minY + row - larger.minY) * larger.width + (old.minX - larger.minX)
                    for column in 0..<old.width { dst[d + column] = src[row * old.width + column] }
                }
            }
        }
        self = grown
    }

    /// This layer kept only where `mask` has alpha, multiplied by that alpha.
    public func masked(by mask: Layer) -> Layer {
        let overlap = bounds.intersection(mask.bounds)
        guard !overlap.isEmpty else { return .empty }
        return Layer(bounds: overlap, solidColor: solidColor) { out in
            pixels.withUnsafeBufferPointer { src in
                mask.pixels.withUnsafeBufferPointer { m in
                    for row in 0..<overlap.height {
                        let y = overlap.minY + row
                        let s = (y - bounds.minY) * bounds.width + (overlap.minX - bounds.minX)
                        let k = (y - mask.bounds.minY) * mask.bounds.width + (overlap.minX - mask.bounds.minX)
                        let o = row * overlap.width
                        for column in 0..<overlap.width { out[o + column] = src[s + column] * m[k + column].w }
                    }
                }
            }
        }
    }

    /// This layer cut to `clip`.
    public func cropped(to clip: PixelRect) -> Layer {
        let kept = bounds.intersection(clip)
        if kept == bounds { return self }
        guard !kept.isEmpty else { return .empty }
        return Layer(bounds: kept, solidColor: solidColor) { out in
            pixels.withUnsafeBufferPointer { src in
                for row in 0..<kept.height {
                    let s = (kept.minY + row - bounds.minY) * bounds.width + (kept.minX - bounds.minX)
                    for column in 0..<kept.width { out[row * kept.width + column] = src[s + column] }
                }
            }
        }
    }

    /// Straight-alpha RGBA bytes of the `canvas` rectangle, rows tightly packed, rounded to nearest
    /// (ties to even).
    public func rgba8(canvas: PixelRect) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: canvas.area * 4)
        let overlap = bounds.intersection(canvas)
        bytes.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { src in
                for y in overlap.minY..<overlap.maxY {
                    let s = (y - bounds.minY) * bounds.width - bounds.minX
                    let o = (y - canvas.minY) * canvas.width - canvas.minX
                    for x in overlap.minX..<overlap.maxX {
                        let p = src[s + x]
                        let a = min(max(p.w, 0), 1)
                        guard a > 0 else { continue }
                        // Unpremultiply and clamp; adding 2²³ leaves the value rounded to the nearest whole
                        // number in the low mantissa bits, a conversion without traps or branches.
                        let k = a == 1 ? 255 : 255 / a
                        @inline(__always) func byte(_ v: Float) -> UInt8 {
                            UInt8(truncatingIfNeeded: (min(max(v, 0), 255) + 8_388_608).bitPattern)
                        }
                        let i = (o + x) * 4
                        out[i] = byte(p.x * k)
                        out[i + 1] = byte(p.y * k)
                        out[i + 2] = byte(p.z * k)
                        out[i + 3] = byte(a * 255)
                    }
                }
            }
        }
        return bytes
    }
}
