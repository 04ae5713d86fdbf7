import ReliefGeometry

extension Layer {
    /// This layer drawn source-over on top of `below` (premultiplied: src + dst·(1 − src.α)).
    public func composited(over below: Layer) -> Layer {
        if bounds.isEmpty { return below }
        if below.bounds.isEmpty { return self }
        var result: Layer
        if below.bounds.intersection(bounds) == bounds {
            result = below
        } else {
            result = Layer(bounds: below.bounds.union(bounds))
            result.blend(below, replacing: true)
        }
        result.blend(self, replacing: false)
        return result
    }

    /// Draws `top` into this layer (whose bounds must contain `top.bounds`), source-over or as a copy.
    private mutating func blend(_ top: Layer, replacing: Bool) {
        let target = bounds
        let source = top.bounds
        pixels.withUnsafeMutableBufferPointer { dst in
            top.pixels.withUnsafeBufferPointer { src in
                for row in 0..<source.height {
                    let d = ((source.minY + row - target.minY) * target.width + (source.minX - target.minX)) * 4
                    let s = row * source.width * 4
                    if replacing {
                        for k in 0..<(source.width * 4) { dst[d + k] = src[s + k] }
                        continue
                    }
                    for column in 0..<source.width {
                        let i = s + column * 4, o = d + column * 4
                        let inverse = 1 - src[i + 3]
                        dst[o] = src[i] + dst[o] * inverse
                        dst[o + 1] = src[i + 1] + dst[o + 1] * inverse
                        dst[o + 2] = src[i + 2] + dst[o + 2] * inverse
                        dst[o + 3] = src[i + 3] + dst[o + 3] * inverse
                    }
                }
            }
        }
    }

    /// This layer kept only where `mask` has alpha, multiplied by that alpha.
    public func masked(by mask: Layer) -> Layer {
        let overlap = bounds.intersection(mask.bounds)
        guard !overlap.isEmpty else { return .empty }
        var result = Layer(bounds: overlap)
        result.pixels.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { src in
                mask.pixels.withUnsafeBufferPointer { m in
                    for row in 0..<overlap.height {
                        let y = overlap.minY + row
                        for column in 0..<overlap.width {
                            let x = overlap.minX + column
                            let s = ((y - bounds.minY) * bounds.width + (x - bounds.minX)) * 4
                            let a = m[((y - mask.bounds.minY) * mask.bounds.width + (x - mask.bounds.minX)) * 4 + 3]
                            let o = (row * overlap.width + column) * 4
                            out[o] = src[s] * a; out[o + 1] = src[s + 1] * a
                            out[o + 2] = src[s + 2] * a; out[o + 3] = src[s + 3] * a
                        }
                    }
                }
            }
        }
        return result
    }

    /// Straight-alpha RGBA bytes of the `canvas` rectangle, rows tightly packed, rounded to nearest.
    public func rgba8(canvas: PixelRect) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: canvas.area * 4)
        let overlap = bounds.intersection(canvas)
        bytes.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { src in
                for y in overlap.minY..<overlap.maxY {
                    for x in overlap.minX..<overlap.maxX {
                        let s = ((y - bounds.minY) * bounds.width + (x - bounds.minX)) * 4
                        let o = ((y - canvas.minY) * canvas.width + (x - canvas.minX)) * 4
                        let a = min(max(src[s + 3], 0), 1)
                        guard a > 0 else { continue }
                        let k = 255 / a
                        out[o] = UInt8(min(max(src[s] * k, 0), 255).rounded())
                        out[o + 1] = UInt8(min(max(src[s + 1] * k, 0), 255).rounded())
                        out[o + 2] = UInt8(min(max(src[s + 2] * k, 0), 255).rounded())
                        out[o + 3] = UInt8((a * 255).rounded())
                    }
                }
            }
        }
        return bytes
    }
}
