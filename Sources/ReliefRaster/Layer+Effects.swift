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
        switch storage {
        case .coverage(let coverage, let color):
            // Colour times blurred coverage, read as the alpha of white: one channel instead of four.
            let blurred = coverage.withUnsafeBufferPointer { values in
                Self.blurredPlane(
                    of: CoverageReader(base: values.baseAddress, color: .one), bounds: bounds, domain: domain,
                    channels: 1, sigma: sigma)
            }
            return Layer(bounds: kept, color: color) { blurred.read(kept, into: $0) }
        case .colors(let colors):
            let blurred = colors.withUnsafeBufferPointer { values in
                Self.blurredPlane(
                    of: ColorReader(base: values.baseAddress), bounds: bounds, domain: domain, channels: 4, sigma: sigma)
            }
            return Layer(bounds: kept) { blurred.read(kept, into: $0) }
        case .blurredCoverage:
            return materialized.blurred(sigma: sigma, clip: clip)
        }
    }

    /// The shadow `.shadow(color, radius, x, y)` casts: this layer's alpha blurred with `sigma` pixels,
    /// moved by `offset` pixels and tinted with `color` (whose alpha multiplies). Only `clip` is kept.
    public func shadow(color: Color, sigma: Double, offset: Point, clip: PixelRect) -> Layer {
        Self.shadow(of: bounds, color: color, sigma: sigma, offset: offset, clip: clip) { domain in
            func blur(_ reader: some PixelReader) -> BlurredPlane {
                Self.blurredPlane(of: reader, bounds: bounds, domain: domain, channels: 1, sigma: sigma)
            }
            return withPixels(blur, blur)
        }
    }

    /// The shadow cast by something whose alpha may be non-zero over `bounds`; `blurredAlpha`
    /// blurs that alpha over the domain it is given.
    static func shadow(
        of bounds: PixelRect, color: Color, sigma: Double, offset: Point, clip: PixelRect,
        blurredAlpha: (_ domain: PixelRect) -> BlurredPlane
    ) -> Layer {
        guard !bounds.isEmpty, color.alpha > 0 else { return .empty }
        let domain = blurSource(for: bounds, sigma: sigma).intersection(shadowSource(for: clip, sigma: sigma, offset: offset))
        let visible = shadowArea(of: domain, offset: offset).intersection(clip)
        guard !visible.isEmpty else { return .empty }
        return shadow(blurredAlpha(domain), color: color, offset: offset, over: visible)
    }

    /// Where the blurred alpha over `domain` lands once moved by `offset`, with a pixel more for a
    /// sub-pixel move.
    static func shadowArea(of domain: PixelRect, offset: Point) -> PixelRect {
        guard !domain.isEmpty else { return .empty }
        let dx = Int(offset.x.rounded(.down)), dy = Int(offset.y.rounded(.down))
        let moved = domain.offsetBy(dx: dx, dy: dy)
        return PixelRect(
            minX: moved.minX, minY: moved.minY,
            maxX: moved.maxX + (offset.x > Double(dx) ? 1 : 0), maxY: moved.maxY + (offset.y > Double(dy) ? 1 : 0))
    }

    /// `alpha` moved by `offset` and tinted with `color`, over `visible`: read from the cells as it is
    /// composited.
    static func shadow(_ alpha: BlurredPlane, color: Color, offset: Point, over visible: PixelRect) -> Layer {
        Layer(reading: BlurredPlane.RowReader(alpha, region: visible, movedBy: (offset.x, offset.y)), color: color.premultiplied)
    }

    /// What `reader` reads over `bounds` — alpha for one channel, colours for four — blurred over `domain`.
    private static func blurredPlane(
        of reader: some PixelReader, bounds: PixelRect, domain: PixelRect, channels: Int,
        sigma: Double
    ) -> BlurredPlane {
        BlurredPlane(bounds, domain: domain, channels: channels, sigma: sigma) { rows, columns, out, rowStride in
            let o = columns.lowerBound
            for y in rows {
                let s = (y - bounds.minY) * bounds.width - bounds.minX
                let row = out + (y - rows.lowerBound) * rowStride
                if channels == 1 {
                    for x in columns { row[x &- o] = reader.alpha(s &+ x) }
                } else {
                    let raw = UnsafeMutableRawPointer(row)
                    for x in columns {
                        raw.storeBytes(of: reader.color(s &+ x), toByteOffset: (x &- o) &* 16, as: SIMD4<Float>.self)
                    }
                }
            }
        }
    }
}
