import ReliefGeometry

extension Layer {
    /// The part of a layer that ``blurred(sigma:clip:)`` reads to fill `clip`.
    public static func blurSource(for clip: PixelRect, sigma: Double) -> PixelRect {
        sigma > 0 ? clip.outset(by: GaussianBlur.reach(sigma: sigma)) : clip
    }

    /// The part of a layer that ``shadow(color:sigma:offset:clip:)`` reads to fill `clip`: where the
    /// shadow lands, moved back by the offset, with a pixel for the sub-pixel shift and the blur's reach.
    public static func shadowSource(for clip: PixelRect, sigma: Double, offset: Point) -> PixelRect {
        let moved = clip.offsetBy(dx: -Int(offset.x.rounded(.down)), dy: -Int(offset.y.rounded(.down))).outset(by: 1)
        return blurSource(for: moved, sigma: sigma)
    }

    /// Colour and alpha blurred together with a Gaussian of `sigma` pixels; transparent outside.
    /// Only `clip` of the result is kept.
    public func blurred(sigma: Double, clip: PixelRect) -> Layer {
        guard sigma > 0, !bounds.isEmpty else { return cropped(to: clip) }
        // Everything that can reach the kept part, and the kept part itself.
        let domain = Self.blurSource(for: bounds, sigma: sigma).intersection(Self.blurSource(for: clip, sigma: sigma))
        let kept = domain.intersection(clip)
        guard !kept.isEmpty else { return .empty }
        if let color = solidColor {
            // Colour times blurred coverage: the same result from one channel instead of four.
            let alpha = plane(over: domain, channels: 1).blurred(sigma: sigma)
            return Layer(bounds: kept, solidColor: color) { out in
                alpha.values.withUnsafeBufferPointer { a in
                    for row in 0..<kept.height {
                        let start = (row + kept.minY - domain.minY) * alpha.rowStride + (kept.minX - domain.minX)
                        for column in 0..<kept.width { out[row * kept.width + column] = color * a[start + column] }
                    }
                }
            }
        }
        let plane = plane(over: domain, channels: 4).blurred(sigma: sigma)
        return Layer(bounds: kept) { out in
            plane.values.withUnsafeBufferPointer { values in
                let raw = UnsafeRawPointer(values.baseAddress!)
                for row in 0..<kept.height {
                    let start = (row + kept.minY - domain.minY) * plane.rowStride + (kept.minX - domain.minX) * 4
                    for column in 0..<kept.width {
                        out[row * kept.width + column] = raw.loadUnaligned(
                            fromByteOffset: (start + column * 4) * MemoryLayout<Float>.stride, as: SIMD4<Float>.self)
                    }
                }
            }
        }
    }

    /// The shadow `.shadow(color, radius, x, y)` casts: this layer's alpha blurred with `sigma` pixels,
    /// moved by `offset` pixels and tinted with `color` (whose alpha multiplies). Only `clip` is kept.
    public func shadow(color: Color, sigma: Double, offset: Point, clip: PixelRect) -> Layer {
        guard !bounds.isEmpty, color.alpha > 0 else { return .empty }
        let dx = Int(offset.x.rounded(.down)), dy = Int(offset.y.rounded(.down))
        let fx = Float(offset.x - Double(dx)), fy = Float(offset.y - Double(dy))
        let domain = Self.blurSource(for: bounds, sigma: sigma)
            .intersection(Self.shadowSource(for: clip, sigma: sigma, offset: offset))
        guard !domain.isEmpty else { return .empty }
        var alpha = plane(over: domain, channels: 1)
        if sigma > 0 { alpha = alpha.blurred(sigma: sigma) }
        let moved = domain.offsetBy(dx: dx, dy: dy)
        let landed = PixelRect(minX: moved.minX, minY: moved.minY,
                               maxX: moved.maxX + (fx > 0 ? 1 : 0), maxY: moved.maxY + (fy > 0 ? 1 : 0))
        let visible = landed.intersection(clip)
        guard !visible.isEmpty else { return .empty }
        let tint = color.premultiplied
        return Layer(bounds: visible, solidColor: tint) { out in
            alpha.values.withUnsafeBufferPointer { a in
                // Bilinear weights of the four source pixels that a sub-pixel move blends.
                @inline(__always) func at(_ x: Int, _ y: Int) -> Float {
                    x >= 0 && x < domain.width && y >= 0 && y < domain.height ? a[y * alpha.rowStride + x] : 0
                }
                let shifted = fx != 0 || fy != 0
                for row in 0..<visible.height {
                    let sy = row + visible.minY - moved.minY
                    let o = row * visible.width
                    if !shifted {
                        let s = sy * alpha.rowStride + visible.minX - moved.minX
                        for column in 0..<visible.width { out[o + column] = tint * a[s + column] }
                        continue
                    }
                    for column in 0..<visible.width {
                        let sx = column + visible.minX - moved.minX
                        let top = at(sx - 1, sy - 1) * fx + at(sx, sy - 1) * (1 - fx)
                        let bottom = at(sx - 1, sy) * fx + at(sx, sy) * (1 - fx)
                        out[o + column] = tint * (top * fy + bottom * (1 - fy))
                    }
                }
            }
        }
    }

    /// The layer's pixels over `domain` as a float plane: all four channels, or alpha alone.
    func plane(over domain: PixelRect, channels: Int) -> FloatPlane {
        var plane = FloatPlane(width: domain.width, height: domain.height, channels: channels)
        let overlap = bounds.intersection(domain)
        let stride = plane.rowStride
        pixels.withUnsafeBufferPointer { source in
            plane.values.withUnsafeMutableBufferPointer { target in
                for y in overlap.minY..<overlap.maxY {
                    let s = (y - bounds.minY) * bounds.width - bounds.minX
                    let t = (y - domain.minY) * stride - domain.minX * channels
                    for x in overlap.minX..<overlap.maxX {
                        let p = source[s + x]
                        if channels == 1 {
                            target[t + x] = p.w
                        } else {
                            let i = t + x * 4
                            target[i] = p.x; target[i + 1] = p.y; target[i + 2] = p.z; target[i + 3] = p.w
                        }
                    }
                }
            }
        }
        return plane
    }
}
