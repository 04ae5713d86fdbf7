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
                for y in source.minY..<source.maxY {
                    var d = dst.baseAddress! + (y - target.minY) * target.width + (source.minX - target.minX)
                    var s = src.baseAddress! + (y - topBounds.minY) * topBounds.width + (source.minX - topBounds.minX)
                    for _ in 0..<source.width {
                        let p = s.pointee
                        d.pointee = p + d.pointee * (1 - p.w)
                        d += 1
                        s += 1
                    }
                }
            }
        }
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
        let overlap = bounds.intersection(canvas)
        return [UInt8](unsafeUninitializedCapacity: canvas.area * 4) { bytes, count in
            count = canvas.area * 4
            if overlap != canvas { bytes.initialize(repeating: 0) }
            let out = UnsafeMutableRawPointer(bytes.baseAddress!)
            pixels.withUnsafeBufferPointer { src in
                for y in overlap.minY..<overlap.maxY {
                    let s = src.baseAddress! + (y - bounds.minY) * bounds.width - bounds.minX
                    let o = (y - canvas.minY) * canvas.width - canvas.minX
                    for x in overlap.minX..<overlap.maxX {
                        let p = s[x]
                        let word: UInt32
                        if p.w >= 1 {
                            word = Self.packed(p * 255, alpha: 0xFF)
                        } else if p.w > 0 {
                            word = Self.packed(p * (255 / p.w), alpha: Self.byte(p.w * 255))
                        } else {
                            word = 0
                        }
                        out.storeBytes(of: UInt32(littleEndian: word), toByteOffset: (o + x) * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// RGB of `v` (0...255 floats) as bytes, with `alpha` in the high byte.
    @inline(__always)
    private static func packed(_ v: SIMD4<Float>, alpha: UInt32) -> UInt32 {
        byte(v.x) | byte(v.y) << 8 | byte(v.z) << 16 | alpha << 24
    }

    /// `v` clamped to 0...255 and rounded to the nearest whole number: adding 2²³ leaves it in the low
    /// mantissa bits, a conversion without traps or branches.
    @inline(__always)
    private static func byte(_ v: Float) -> UInt32 {
        (min(max(v, 0), 255) + 8_388_608).bitPattern & 0xFF
    }
}
