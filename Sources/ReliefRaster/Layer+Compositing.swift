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
        let target = bounds.union(source)
        guard case .colors(var pixels) = storage, target == bounds else {
            self = separatingColors(over: target)
            draw(top, clip: clip)
            return
        }
        // Released from the storage so the pixels are written in place, not copied.
        storage = .colors([])
        opaqueRuns = nil
        pixels.withUnsafeMutableBufferPointer { dst in
            top.composite(source, into: dst.baseAddress!, origin: (target.minX, target.minY), rowStride: target.width)
        }
        storage = .colors(pixels)
    }

    /// Draws the part `area` of this layer source-over onto `destination`: pixels whose first is at
    /// canvas position `origin`, `rowStride` pixels a row. The columns `hidden(y)` of each row y are
    /// left alone: an opaque layer drawn over them later hides them.
    func composite(
        _ area: PixelRect, into destination: UnsafeMutablePointer<SIMD4<Float>>, origin: (x: Int, y: Int),
        rowStride: Int, hidden: ((_ y: Int) -> Range<Int>)? = nil
    ) {
        /// Calls `draw` with each run of the columns of row `y` that is not hidden, and the row of
        /// the destination, by canvas column.
        @inline(__always)
        func composite(row y: Int, _ draw: (_ columns: Range<Int>, _ row: UnsafeMutablePointer<SIMD4<Float>>) -> Void) {
            let d = destination + (y - origin.y) * rowStride - origin.x
            let all = area.minX..<area.maxX
            guard let skipped = hidden?(y).clamped(to: all), !skipped.isEmpty else { return draw(all, d) }
            if all.lowerBound < skipped.lowerBound { draw(all.lowerBound..<skipped.lowerBound, d) }
            if skipped.upperBound < all.upperBound { draw(skipped.upperBound..<all.upperBound, d) }
        }
        switch storage {
        case .blurredCoverage(let reader, let color):
            reader.withScratch { scratch in
                for y in area.minY..<area.maxY {
                    let cells = reader.blend(row: y, in: scratch)
                    composite(row: y) { columns, row in
                        cells.write(columns, into: scratch.values)
                        Self.composite(color, coverage: scratch.values, over: columns, onto: row, leaving: scratch.spare)
                    }
                }
            }
        case .coverage(let coverage, let color):
            coverage.withUnsafeBufferPointer { coverage in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: area.width) { spare in
                    for y in area.minY..<area.maxY {
                        let s = coverage.baseAddress! + (y - bounds.minY) * bounds.width - bounds.minX
                        composite(row: y) {
                            Self.composite(color, coverage: s, over: $0, onto: $1, leaving: spare.baseAddress! - area.minX)
                        }
                    }
                }
            }
        case .colors(let colors):
            colors.withUnsafeBufferPointer { colors in
                for y in area.minY..<area.maxY {
                    let s = colors.baseAddress! + (y - bounds.minY) * bounds.width - bounds.minX
                    composite(row: y) { columns, row in
                        for x in columns {
                            let p = s[x]
                            row[x] = p + row[x] * (1 - p.w)
                        }
                    }
                }
            }
        }
    }

    /// Draws `color` (premultiplied) times `coverage[x]` source-over onto `row[x]` for every
    /// column x of `columns`: color·c + below·(1 − color.α·c), each pixel's sums those it would
    /// have alone. Four pixels at a time share one vector of their coverages and one of what each
    /// leaves of what is below, the latter written first into `left` (by canvas column) for the
    /// whole run: read back, a pixel's share is one broadcast, where worked out beside its colour it
    /// costs three instructions more.
    @inline(__always)
    static func composite(
        _ color: SIMD4<Float>, coverage: UnsafePointer<Float>, over columns: Range<Int>,
        onto row: UnsafeMutablePointer<SIMD4<Float>>, leaving left: UnsafeMutablePointer<Float>
    ) {
        var x = columns.lowerBound
        while x &+ 4 <= columns.upperBound {
            let c = UnsafeRawPointer(coverage + x).loadUnaligned(as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(left + x).storeBytes(of: 1 - c * color.w, as: SIMD4<Float>.self)
            x &+= 4
        }
        x = columns.lowerBound
        while x &+ 4 <= columns.upperBound {
            let c = UnsafeRawPointer(coverage + x).loadUnaligned(as: SIMD4<Float>.self)
            let l = UnsafeRawPointer(left + x).loadUnaligned(as: SIMD4<Float>.self)
            row[x] = color * c[0] + row[x] * l[0]
            row[x &+ 1] = color * c[1] + row[x &+ 1] * l[1]
            row[x &+ 2] = color * c[2] + row[x &+ 2] * l[2]
            row[x &+ 3] = color * c[3] + row[x &+ 3] * l[3]
            x &+= 4
        }
        while x < columns.upperBound {
            let p = color * coverage[x]
            row[x] = p + row[x] * (1 - p.w)
            x &+= 1
        }
    }

    /// Draws the alpha of the part `area` of this layer source-over onto `destination`, alpha values
    /// laid out as ``composite(_:into:origin:rowStride:hidden:)`` lays out pixels: a + below·(1 − a).
    /// With `replacing`, what is below is ignored and overwritten: the alpha over nothing.
    func compositeAlpha(
        _ area: PixelRect, into destination: UnsafeMutablePointer<Float>, origin: (x: Int, y: Int),
        rowStride: Int, replacing: Bool = false
    ) {
        /// Composites `alpha(x)` over row `y`, or writes it when replacing.
        @inline(__always)
        func composite(row y: Int, _ alpha: (_ x: Int) -> Float) {
            let d = destination + (y - origin.y) * rowStride - origin.x
            if replacing {
                for x in area.minX..<area.maxX { d[x] = alpha(x) }
                return
            }
            for x in area.minX..<area.maxX {
                let a = alpha(x)
                d[x] = a + d[x] * (1 - a)
            }
        }
        if case .blurredCoverage(let reader, let color) = storage {
            reader.withScratch { scratch in
                for y in area.minY..<area.maxY {
                    reader.blend(row: y, in: scratch).write(area.minX..<area.maxX, into: scratch.values)
                    composite(row: y) { color.w * scratch.values[$0] }
                }
            }
            return
        }
        func composite(_ src: some PixelReader) {
            for y in area.minY..<area.maxY {
                let s = (y - bounds.minY) * bounds.width - bounds.minX
                composite(row: y) { src.alpha(s &+ $0) }
            }
        }
        withPixels(composite, composite)
    }

    /// The pixels one colour each over `larger` bounds, transparent around them.
    func separatingColors(over larger: PixelRect) -> Layer {
        let old = bounds
        return Layer(bounds: larger) { out in
            if larger != old { out.initialize(repeating: .zero) }
            func copy(_ src: some PixelReader) {
                for row in 0..<old.height {
                    let d = (old.minY + row - larger.minY) * larger.width + (old.minX - larger.minX)
                    for column in 0..<old.width { out[d + column] = src.color(row * old.width + column) }
                }
            }
            withPixels(copy, copy)
        }
    }

    /// This layer kept only where `mask` has alpha, multiplied by that alpha.
    public func masked(by mask: Layer) -> Layer {
        let overlap = bounds.intersection(mask.bounds)
        guard !overlap.isEmpty else { return .empty }
        /// Writes `source[i]` times the mask's alpha for every pixel of `overlap`, `i` indexing this layer.
        func multiply<T: PixelValue>(_ out: UnsafeMutableBufferPointer<T>, _ source: [T]) {
            func apply(_ m: some PixelReader) {
                source.withUnsafeBufferPointer { source in
                    for row in 0..<overlap.height {
                        let y = overlap.minY + row
                        let s = source.baseAddress! + (y - bounds.minY) * bounds.width + (overlap.minX - bounds.minX)
                        let k = (y - mask.bounds.minY) * mask.bounds.width + (overlap.minX - mask.bounds.minX)
                        let o = out.baseAddress! + row * overlap.width
                        for column in 0..<overlap.width { o[column] = s[column].scaled(by: m.alpha(k &+ column)) }
                    }
                }
            }
            mask.withPixels(apply, apply)
        }
        switch storage {
        case .colors(let colors):
            return Layer(bounds: overlap) { multiply($0, colors) }
        case .coverage(let coverage, let color):
            return Layer(bounds: overlap, color: color) { multiply($0, coverage) }
        case .blurredCoverage:
            return materialized.masked(by: mask)
        }
    }

    /// This layer with every pixel's colour and alpha multiplied by `opacity` in 0...1, as a view
    /// fading in or out of a transition is drawn.
    public func faded(by opacity: Float) -> Layer {
        var faded = self
        faded.opaqueRuns = nil
        switch storage {
        case .colors(let colors): faded.storage = .colors(colors.map { $0 * opacity })
        case .coverage(let coverage, let color): faded.storage = .coverage(coverage, color: color * opacity)
        case .blurredCoverage(let reader, let color): faded.storage = .blurredCoverage(reader, color: color * opacity)
        }
        return faded
    }

    /// This layer cut to `clip`.
    public func cropped(to clip: PixelRect) -> Layer {
        let kept = bounds.intersection(clip)
        if kept == bounds { return self }
        guard !kept.isEmpty else { return .empty }
        func copy<T>(_ source: [T], into out: UnsafeMutableBufferPointer<T>) {
            source.withUnsafeBufferPointer { src in
                for row in 0..<kept.height {
                    let s = (kept.minY + row - bounds.minY) * bounds.width + (kept.minX - bounds.minX)
                    for column in 0..<kept.width { out[row * kept.width + column] = src[s + column] }
                }
            }
        }
        switch storage {
        case .colors(let colors):
            return Layer(bounds: kept) { copy(colors, into: $0) }
        case .coverage(let coverage, let color):
            return Layer(bounds: kept, color: color) { copy(coverage, into: $0) }
        case .blurredCoverage:
            return materialized.cropped(to: clip)
        }
    }

    /// Straight-alpha RGBA bytes of the `canvas` rectangle, rows tightly packed, rounded to nearest
    /// (ties to even).
    public func rgba8(canvas: PixelRect) -> [UInt8] {
        // Not `Array(unsafeUninitializedCapacity: 0)`, which writes into the shared empty storage.
        guard !canvas.isEmpty else { return [] }
        let overlap = bounds.intersection(canvas)
        return [UInt8](unsafeUninitializedCapacity: canvas.area * 4) { bytes, count in
            count = canvas.area * 4
            if overlap != canvas { bytes.initialize(repeating: 0) }
            func convert(_ src: some PixelReader) {
                for y in overlap.minY..<overlap.maxY {
                    let s = (y - bounds.minY) * bounds.width + (overlap.minX - bounds.minX)
                    let o = ((y - canvas.minY) * canvas.width + (overlap.minX - canvas.minX)) * 4
                    Self.storeStraightBytes(of: src, from: s, count: overlap.width, into: bytes.baseAddress! + o)
                }
            }
            withPixels(convert, convert)
        }
    }

    /// Straight-alpha bytes of `count` pixels that `reader` reads from `index` on, into `bytes`: four
    /// pixels at a time. Four opaque pixels, nearly all of a render on a ground, need no division:
    /// their sixteen channels are scaled, rounded and narrowed as one vector, the same operations
    /// lane by lane as below. Others take a channel in each vector, so one division serves four
    /// alphas.
    @inline(__always)
    static func storeStraightBytes(
        of reader: some PixelReader, from index: Int, count: Int, into bytes: UnsafeMutablePointer<UInt8>
    ) {
        let out = UnsafeMutableRawPointer(bytes)
        var x = 0
        while x &+ 4 <= count {
            let p0 = reader.color(index &+ x), p1 = reader.color(index &+ x &+ 1)
            let p2 = reader.color(index &+ x &+ 2), p3 = reader.color(index &+ x &+ 3)
            if min(min(p0.w, p1.w), min(p2.w, p3.w)) >= 1 {
                var v = SIMD16(lowHalf: SIMD8(lowHalf: p0, highHalf: p1), highHalf: SIMD8(lowHalf: p2, highHalf: p3)) * 255
                // Kept where below the bound, as a minimum keeps it (NaN becomes 255): one instruction.
                v.replace(with: 255, where: .!(v .< 255))
                v.replace(with: 0, where: v .< 0)
                v += SIMD16(repeating: 8_388_608)
                let rounded = SIMD16<UInt8>(truncatingIfNeeded: unsafeBitCast(v, to: SIMD16<UInt32>.self))
                out.storeBytes(of: rounded, toByteOffset: x &* 4, as: SIMD16<UInt8>.self)
                x &+= 4
                continue
            }
            let alpha = SIMD4(p0.w, p1.w, p2.w, p3.w)
            var unpremultiply = SIMD4<Float>(repeating: 255) / alpha
            unpremultiply.replace(with: 255, where: alpha .>= 1)
            unpremultiply.replace(with: 0, where: alpha .<= 0)
            let red = roundedBytes(SIMD4(p0.x, p1.x, p2.x, p3.x) * unpremultiply)
            let green = roundedBytes(SIMD4(p0.y, p1.y, p2.y, p3.y) * unpremultiply)
            let blue = roundedBytes(SIMD4(p0.z, p1.z, p2.z, p3.z) * unpremultiply)
            let words = red | green &<< 8 | blue &<< 16 | roundedBytes(alpha * 255) &<< 24
            let ordered = SIMD4(words[0].littleEndian, words[1].littleEndian, words[2].littleEndian, words[3].littleEndian)
            out.storeBytes(of: ordered, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            x &+= 4
        }
        while x < count {
            out.storeBytes(of: straightBytes(reader.color(index &+ x)), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
            x &+= 1
        }
    }

    /// `v` clamped to 0...255 and rounded to nearest, each in the low byte of its lane.
    @inline(__always)
    private static func roundedBytes(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
        var v = v
        v.replace(with: 0, where: v .< 0)
        v.replace(with: 255, where: v .> 255)
        v += SIMD4(repeating: 8_388_608)
        return unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0xFF
    }

    /// The straight-alpha bytes of premultiplied `p`: colour divided by alpha (zero where alpha is),
    /// clamped to 0...255 and rounded to nearest. Adding 2²³ leaves the rounded value in the low
    /// mantissa bits, a conversion without traps; opaque pixels, nearly all of them, take the short way.
    @inline(__always)
    static func straightBytes(_ p: SIMD4<Float>) -> SIMD4<UInt8> {
        var v: SIMD4<Float>
        if p.w >= 1 {
            v = p * 255
        } else {
            v = p * (p.w > 0 ? 255 / p.w : 0)
            v.w = p.w * 255
        }
        v.replace(with: 0, where: v .< 0)
        v.replace(with: 255, where: v .> 255)
        v += SIMD4(repeating: 8_388_608)
        return SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(v, to: SIMD4<UInt32>.self))
    }
}
