import ReliefGeometry

extension Layer {
    /// Colour and alpha blurred together with a Gaussian of `sigma` pixels; transparent outside.
    public func blurred(sigma: Double, clip: PixelRect) -> Layer {
        guard sigma > 0, !bounds.isEmpty else { return self }
        let domain = bounds.outset(by: GaussianBlur.reach(sigma: sigma)).intersection(clip)
        var result = Layer(bounds: domain)
        result.pixels = Plane.blurred(copying: self, into: domain, channels: 4, sigma: sigma) { $0 * 4 }
        return result
    }

    /// The shadow `.shadow(color, radius, x, y)` casts: this layer's alpha blurred with `sigma` pixels,
    /// moved by `offset` pixels and tinted with `color` (whose alpha multiplies).
    public func shadow(color: Color, sigma: Double, offset: Point, clip: PixelRect) -> Layer {
        guard !bounds.isEmpty, color.alpha > 0 else { return .empty }
        let reach = sigma > 0 ? GaussianBlur.reach(sigma: sigma) : 0
        // Blur where the shadow will land (clip moved back by the offset), with a pixel to spare for the
        // sub-pixel shift below.
        let dx = Int(offset.x.rounded(.down)), dy = Int(offset.y.rounded(.down))
        let sourceClip = clip.offsetBy(dx: -dx, dy: -dy).outset(by: 1)
        let domain = bounds.outset(by: reach).intersection(sourceClip)
        guard !domain.isEmpty else { return .empty }
        var alpha = Plane.blurred(copying: self, into: domain, channels: 1, sigma: sigma) { $0 * 4 + 3 }
        var moved = domain.offsetBy(dx: dx, dy: dy)
        let fx = Float(offset.x - Double(dx)), fy = Float(offset.y - Double(dy))
        if fx != 0 || fy != 0 {
            (alpha, moved) = Plane.shiftedBySubpixel(alpha, bounds: moved, fx: fx, fy: fy)
        }
        let tint = color.premultiplied
        let visible = moved.intersection(clip)
        var result = Layer(bounds: visible)
        result.pixels.withUnsafeMutableBufferPointer { out in
            alpha.withUnsafeBufferPointer { a in
                for row in 0..<visible.height {
                    let sourceRow = (row + visible.minY - moved.minY) * moved.width + (visible.minX - moved.minX)
                    for column in 0..<visible.width {
                        let v = tint * a[sourceRow + column]
                        let i = (row * visible.width + column) * 4
                        out[i] = v.x; out[i + 1] = v.y; out[i + 2] = v.z; out[i + 3] = v.w
                    }
                }
            }
        }
        return result
    }
}

/// Single- or four-channel float planes used while blurring.
enum Plane {
    /// Copies the chosen floats of `layer` (`index(pixelIndex)` → float index) into a zeroed plane over
    /// `domain`, then blurs it along both axes.
    static func blurred(copying layer: Layer, into domain: PixelRect, channels: Int, sigma: Double,
                        index: (Int) -> Int) -> [Float] {
        let width = domain.width, height = domain.height
        var plane = [Float](repeating: 0, count: width * height * channels)
        let overlap = layer.bounds.intersection(domain)
        layer.pixels.withUnsafeBufferPointer { source in
            plane.withUnsafeMutableBufferPointer { target in
                for y in overlap.minY..<overlap.maxY {
                    let sourceRow = (y - layer.bounds.minY) * layer.bounds.width - layer.bounds.minX
                    let targetRow = (y - domain.minY) * width - domain.minX
                    for x in overlap.minX..<overlap.maxX {
                        let p = index(sourceRow + x)
                        for c in 0..<channels {
                            target[(targetRow + x) * channels + c] = source[p + c]
                        }
                    }
                }
            }
        }
        guard sigma > 0 else { return plane }
        let blur = GaussianBlur(sigma: sigma)
        var scratch = [Float](repeating: 0, count: plane.count)
        plane.withUnsafeMutableBufferPointer { p in
            scratch.withUnsafeMutableBufferPointer { s in
                let p = p.baseAddress!, s = s.baseAddress!
                // Columns, then rows by way of a transpose, so both passes run along contiguous rows.
                blur.filterColumns(p, s, rowLength: width * channels, rows: height)
                transpose(s, into: p, width: width, height: height, channels: channels)
                blur.filterColumns(p, s, rowLength: height * channels, rows: width)
                transpose(s, into: p, width: height, height: width, channels: channels)
            }
        }
        return plane
    }

    /// Writes the `width` × `height` pixel grid `source` transposed into `target` (height × width).
    static func transpose(_ source: UnsafePointer<Float>, into target: UnsafeMutablePointer<Float>,
                          width: Int, height: Int, channels: Int) {
        let tile = 16
        for y0 in stride(from: 0, to: height, by: tile) {
            for x0 in stride(from: 0, to: width, by: tile) {
                for y in y0..<min(y0 + tile, height) {
                    for x in x0..<min(x0 + tile, width) {
                        let from = (y * width + x) * channels, to = (x * height + y) * channels
                        for c in 0..<channels { target[to + c] = source[from + c] }
                    }
                }
            }
        }
    }

    /// The single-channel plane moved right by `fx` and down by `fy` (each in 0..<1) with bilinear
    /// weights; the result is one pixel wider and taller.
    static func shiftedBySubpixel(_ plane: [Float], bounds: PixelRect, fx: Float, fy: Float) -> ([Float], PixelRect) {
        let width = bounds.width, height = bounds.height
        let grown = PixelRect(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX + 1, maxY: bounds.maxY + 1)
        var out = [Float](repeating: 0, count: grown.area)
        plane.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                func at(_ x: Int, _ y: Int) -> Float {
                    x >= 0 && x < width && y >= 0 && y < height ? p[y * width + x] : 0
                }
                for y in 0...height {
                    for x in 0...width {
                        let top = at(x - 1, y - 1) * fx + at(x, y - 1) * (1 - fx)
                        let bottom = at(x - 1, y) * fx + at(x, y) * (1 - fx)
                        o[y * (width + 1) + x] = top * fy + bottom * (1 - fy)
                    }
                }
            }
        }
        return (out, grown)
    }
}
