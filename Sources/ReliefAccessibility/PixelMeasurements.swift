import ReliefGeometry

/// Contrast measured on rendered pixels, the numbers `/audit` reports.
public enum PixelMeasurements {
    /// The lowest contrast between a glyph and what lies beneath it, and where.
    public struct GlyphContrast: Sendable, Hashable {
        /// The lowest ratio over the glyph's fully covered pixels (1 when the glyph cannot be told
        /// from its fill at all).
        public var ratio: Double
        /// The glyph's colour and the fill's at that pixel.
        public var glyph: PixelColor
        public var fill: PixelColor
        /// The pixel.
        public var x: Int
        public var y: Int
    }

    /// A difference smaller than this in every channel is anti-aliasing noise, not a glyph.
    static let glyphDifferenceThreshold = 16

    /// The glyph's lowest contrast against its fill: pixels where `withGlyph` and `withoutGlyph`
    /// differ are the glyph's; the most common colour among them is the glyph's own colour, and the
    /// pixels of that colour are those it covers fully. Each is compared with the same pixel of
    /// `withoutGlyph`. `nil` when the two renders do not differ (the glyph matches its fill).
    ///
    /// With a `region` (pixels' columns and rows), only the pixels within it count: one part's glyph
    /// against its own fill (a segment's word).
    ///
    /// Two passes over the bytes and a count per distinct glyph colour: a small fraction of the
    /// renders measured, at any image size.
    public static func glyphContrast(
        withGlyph: PixelImage, withoutGlyph: PixelImage, within region: (x: Range<Int>, y: Range<Int>)? = nil
    ) -> GlyphContrast? {
        let columns = (region?.x ?? 0..<withGlyph.width).clamped(to: 0..<withGlyph.width)
        let rows = (region?.y ?? 0..<withGlyph.height).clamped(to: 0..<withGlyph.height)
        let pixels = rows.lazy.flatMap { y in columns.lazy.map { x in y * withGlyph.width + x } }
        return withGlyph.rgba.withUnsafeBufferPointer { drawn in
            withoutGlyph.rgba.withUnsafeBufferPointer { bare in
                /// The pixel's colour as 0xRRGGBB when the glyph changes it, else nil.
                func glyphColour(_ p: Int) -> UInt32? {
                    let i = p * 4
                    let difference = max(
                        abs(Int(drawn[i]) - Int(bare[i])), abs(Int(drawn[i + 1]) - Int(bare[i + 1])),
                        abs(Int(drawn[i + 2]) - Int(bare[i + 2])))
                    guard difference >= glyphDifferenceThreshold else { return nil }
                    return UInt32(drawn[i]) << 16 | UInt32(drawn[i + 1]) << 8 | UInt32(drawn[i + 2])
                }
                var counts: [UInt32: Int] = [:]
                for p in pixels {
                    if let colour = glyphColour(p) { counts[colour, default: 0] += 1 }
                }
                // The most common colour; of equally common ones, the lowest hex.
                guard let glyph = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key
                else { return nil }
                let glyphColor = PixelColor(UInt8(glyph >> 16), UInt8(glyph >> 8 & 0xFF), UInt8(glyph & 0xFF))
                let glyphLuminance = glyphColor.relativeLuminance
                var lowest: GlyphContrast?
                // Only exact matches: a pixel even one step off is an edge pixel the glyph does not fully cover.
                for p in pixels where glyphColour(p) == glyph {
                    let fill = PixelColor(bare[p * 4], bare[p * 4 + 1], bare[p * 4 + 2])
                    let ratio = ContrastRatio.between(glyphLuminance, fill.relativeLuminance)
                    if ratio < lowest?.ratio ?? .infinity {
                        lowest = GlyphContrast(
                            ratio: ratio, glyph: glyphColor, fill: fill, x: p % withGlyph.width, y: p / withGlyph.width)
                    }
                }
                return lowest
            }
        }
    }

    /// The contrast across a control's outline where it is weakest.
    public struct OutlineContrast: Sendable, Hashable {
        public var ratio: Double
        /// The colours just inside and just outside the outline there.
        public var inside: PixelColor
        public var outside: PixelColor
        /// The outline point, in pixels.
        public var x: Double
        public var y: Double
    }

    /// The weakest contrast between the control and what surrounds it, along `outline`.
    ///
    /// At each of `count` points along the outline, colours are read at `insideDepths` inside the
    /// outline and at `outsideDepths` beyond it (pixels, along the normal); the strongest pair is
    /// the edge the eye finds there. The result is the point where that edge is weakest. With
    /// `against` (pixels), only the points whose outside readings all lie in it count: a part against
    /// what it meets there (a slider's knob against its track).
    public static func outlineContrast(
        in image: PixelImage, outline: ControlOutline, insideDepths: [Double], outsideDepths: [Double], count: Int = 144,
        against region: Rect? = nil
    ) -> OutlineContrast {
        var weakest: OutlineContrast?
        for sample in outline.samples(count: count) {
            if let region,
                !outsideDepths.allSatisfy({
                    region.contains(Point(sample.x + sample.normalX * $0, sample.y + sample.normalY * $0))
                })
            {
                continue
            }
            func color(at depth: Double) -> PixelColor {
                image.color(
                    x: Int((sample.x + sample.normalX * depth).rounded(.down)),
                    y: Int((sample.y + sample.normalY * depth).rounded(.down)))
            }
            var strongest: OutlineContrast?
            for inner in insideDepths.map({ color(at: -$0) }) {
                for outer in outsideDepths.map({ color(at: $0) }) {
                    let ratio = inner.contrastRatio(with: outer)
                    if ratio > strongest?.ratio ?? 0 {
                        strongest = OutlineContrast(ratio: ratio, inside: inner, outside: outer, x: sample.x, y: sample.y)
                    }
                }
            }
            if let strongest, strongest.ratio < weakest?.ratio ?? .infinity {
                weakest = strongest
            }
        }
        return weakest ?? OutlineContrast(ratio: 1, inside: PixelColor(0, 0, 0), outside: PixelColor(0, 0, 0), x: 0, y: 0)
    }

    /// The colour of middle luminance among the pixels at `points`: the one colour a flat part shows,
    /// past the shadows and edges that reach into it; `nil` without points.
    public static func typicalColour(in image: PixelImage, at points: [(x: Int, y: Int)]) -> PixelColor? {
        let colours = points.map { image.color(x: $0.x, y: $0.y) }.sorted { $0.relativeLuminance < $1.relativeLuminance }
        return colours.isEmpty ? nil : colours[colours.count / 2]
    }

    /// Where two renders of a control differ most, and by what contrast.
    public struct StateContrast: Sendable, Hashable {
        public var ratio: Double
        public var first: PixelColor
        public var second: PixelColor
        public var x: Int
        public var y: Int
    }

    /// The largest contrast between the same pixel of `first` and `second` inside `outline`
    /// (inset by a pixel, so anti-aliased edges do not count).
    public static func stateContrast(_ first: PixelImage, _ second: PixelImage, within outline: ControlOutline) -> StateContrast {
        var best = StateContrast(ratio: 1, first: PixelColor(0, 0, 0), second: PixelColor(0, 0, 0), x: 0, y: 0)
        guard let inside = outline.shape.insetBy(1) else { return best }
        let xs = pixels(from: max(0, Int(inside.rect.minX)), to: min(first.width, Int(inside.rect.maxX.rounded(.up))))
        let ys = pixels(from: max(0, Int(inside.rect.minY)), to: min(first.height, Int(inside.rect.maxY.rounded(.up))))
        first.rgba.withUnsafeBufferPointer { a in
            second.rgba.withUnsafeBufferPointer { b in
                for y in ys {
                    let centre = Double(y) + 0.5
                    // Pixels well within the row's span are inside; those near its ends are asked.
                    guard let span = inside.span(atY: centre) else { continue }
                    // Empty where the span is under 2 pixels wide, near a narrow shape's top and bottom.
                    let sure = pixels(from: Int((span.minX + 0.5).rounded(.up)), to: Int((span.maxX - 1.5).rounded(.down)))
                    for x in xs {
                        let i = (y * first.width + x) * 4
                        guard a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] else { continue }
                        guard sure.contains(x) || inside.contains(Point(Double(x) + 0.5, centre)) else { continue }
                        let one = PixelColor(a[i], a[i + 1], a[i + 2]), other = PixelColor(b[i], b[i + 1], b[i + 2])
                        let ratio = one.contrastRatio(with: other)
                        if ratio > best.ratio {
                            best = StateContrast(ratio: ratio, first: one, second: other, x: x, y: y)
                        }
                    }
                }
            }
        }
        return best
    }

    /// The pixels from `start` up to `end`, none where `end` is not past `start`.
    private static func pixels(from start: Int, to end: Int) -> Range<Int> {
        start..<max(start, end)
    }
}
