import ReliefLock

extension GaussianBlur {
    /// Receives row `y` of an image: `width` values of four floats, in any unit the blur may average
    /// (premultiplied linear light, say).
    public typealias ImageRow = (_ y: Int, _ out: UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    /// Receives blurred rows `rows`, packed one after another, `width` values each.
    public typealias BlurredRows = (_ rows: Range<Int>, _ pixels: UnsafeBufferPointer<SIMD4<Float>>) -> Void

    /// Rows of blurred pixels handed to `blurred` at a time.
    static let deliveredRows = 16

    /// A whole-image blur averages blocks once σ reaches twice this (so 5 pixels, not the layers'
    /// 10): the least σ left for the cells, where the recursive filter is still exact.
    static let wholeImageCellSigma = recursiveThreshold

    /// A whole image blurred by the rasterizer's Gaussian of `sigma` pixels, as if its edge pixels
    /// went on beyond it, worked out `bandRows` rows at a time so that the working memory is a band's,
    /// whatever the image's height; `bandsAtOnce` bands are blurred at a time, each on a thread of
    /// its own, in that many bands' memory.
    ///
    /// `row` is asked for every row of the image once, top to bottom; `blurred` receives the blurred
    /// rows top to bottom, each only after every row it depends on has been asked for, so a caller
    /// may write them over the image they come from. Both are called on the calling thread. Each
    /// band is blurred with the blur's reach of rows above and below it, so it differs from the
    /// whole image blurred at once by less than the Gaussian's mass beyond 4σ, and not at all with
    /// how many bands are blurred at a time.
    public static func blurWithEdgesExtended(
        width: Int, height: Int, sigma: Double, bandRows: Int, bandsAtOnce: Int = 1,
        row: ImageRow, blurred: BlurredRows
    ) {
        guard width > 0, height > 0 else { return }
        let reach = Self.reach(sigma: sigma)
        let bandRows = max(bandRows, 1), lanes = max(bandsAtOnce, 1)
        // The image rows a round of bands reads, each in slot y % windowRows: they never share a slot.
        let windowRows = lanes * bandRows + 2 * reach
        var window = [SIMD4<Float>](repeating: .zero, count: windowRows * width)
        var rowsRead = 0
        var out = [SIMD4<Float>](repeating: .zero, count: deliveredRows * width)
        // The planes of each lane's band, reused by the lane's next.
        var storage = [BandStorage](repeating: BandStorage(), count: lanes)
        window.withUnsafeMutableBufferPointer { window in
            out.withUnsafeMutableBufferPointer { out in
                for roundTop in stride(from: 0, to: height, by: lanes * bandRows) {
                    let roundBottom = min(roundTop + lanes * bandRows, height)
                    // The rows shared with the last round are still in the window; read the ones below.
                    let readTo = min(roundBottom + reach, height)
                    for y in rowsRead..<readTo {
                        row(y, UnsafeMutableBufferPointer(rebasing: window[(y % windowRows * width)...].prefix(width)))
                    }
                    rowsRead = readTo
                    let bands = stride(from: roundTop, to: roundBottom, by: bandRows).map { $0..<min($0 + bandRows, roundBottom) }
                    let source = WindowRows(
                        base: UnsafePointer(window.baseAddress!), width: width, height: height,
                        windowRows: windowRows, reach: reach, sigma: sigma)
                    let planes = blur(bands, in: source, storage: &storage)
                    for (lane, band) in bands.enumerated() {
                        for first in stride(from: band.lowerBound, to: band.upperBound, by: deliveredRows) {
                            let rows = first..<min(first + deliveredRows, band.upperBound)
                            let part = UnsafeMutableBufferPointer(rebasing: out[..<(rows.count * width)])
                            planes[lane].read(
                                PixelRect(minX: 0, minY: rows.lowerBound, maxX: width, maxY: rows.upperBound), into: part)
                            blurred(rows, UnsafeBufferPointer(part))
                        }
                    }
                    for (lane, plane) in planes.enumerated() { storage[lane].cells = plane.releasingStorage() }
                }
            }
        }
    }

    /// The planes one lane of ``blurWithEdgesExtended(width:height:sigma:bandRows:bandsAtOnce:row:blurred:)``
    /// keeps from band to band.
    private struct BandStorage: Sendable {
        var cells = FloatPlane.empty
        var spare = FloatPlane.empty
    }

    /// The rows of the image a round of bands reads, read only while its bands are blurred.
    private struct WindowRows: @unchecked Sendable {
        let base: UnsafePointer<SIMD4<Float>>
        let width, height, windowRows, reach: Int
        let sigma: Double
    }

    /// Each of `bands` blurred from the window, side by side when there are several.
    private static func blur(_ bands: [Range<Int>], in source: WindowRows, storage: inout [BandStorage]) -> [BlurredPlane] {
        guard bands.count > 1 else { return [blur(bands[0], in: source, storage: &storage[0])] }
        // Each lane's planes are moved, never copied, into the lock and out to the lane: a plane
        // changed in place must be its memory's only owner, or it is copied instead of reused.
        let lanes = Locked(storage)
        storage = []
        let planes = SideBySide.map(bands.count) { lane in
            var own = BandStorage()
            lanes.withLock { swap(&own, &$0[lane]) }
            let plane = blur(bands[lane], in: source, storage: &own)
            lanes.withLock { swap(&own, &$0[lane]) }
            return plane
        }
        storage = lanes.withLock { $0 }
        return planes
    }

    /// Rows `band` blurred from the window, with the blur's reach of rows around them.
    private static func blur(_ band: Range<Int>, in source: WindowRows, storage: inout BandStorage) -> BlurredPlane {
        let (width, height, reach) = (source.width, source.height, source.reach)
        let domain = PixelRect(minX: -reach, minY: band.lowerBound - reach, maxX: width + reach, maxY: band.upperBound + reach)
        var blocks = BlockAverages(
            domain: domain, channels: 4, sigma: source.sigma, cellSigma: wholeImageCellSigma,
            reusing: &storage.cells)
        blocks.add(
            { rows, columns, out, rowStride in
                for y in rows {
                    // The row's own pixels, with its first and last repeated to either side.
                    let row = source.base + min(max(y, 0), height - 1) % source.windowRows * width
                    let target = UnsafeMutableRawPointer(out + (y - rows.lowerBound) * rowStride)
                    let stride = MemoryLayout<SIMD4<Float>>.stride
                    let inside = max(columns.lowerBound, 0)..<min(columns.upperBound, width)
                    for x in columns.lowerBound..<inside.lowerBound {
                        target.storeBytes(of: row[0], toByteOffset: (x - columns.lowerBound) * stride, as: SIMD4<Float>.self)
                    }
                    (target + (inside.lowerBound - columns.lowerBound) * stride)
                        .copyMemory(from: row + inside.lowerBound, byteCount: inside.count * stride)
                    for x in inside.upperBound..<columns.upperBound {
                        target.storeBytes(
                            of: row[width - 1], toByteOffset: (x - columns.lowerBound) * stride, as: SIMD4<Float>.self)
                    }
                }
            }, over: domain)
        return blocks.blurred(spare: &storage.spare, rows: band)
    }

    /// How much each of `count` pixels along a row (or column) weighs in the sum of the image blurred
    /// by the Gaussian of `sigma` pixels with its edges extended: that sum is
    /// Σ weight(x)·weight(y)·pixel(x, y), so a mean of the blurred image needs no blur. Weights are 1
    /// but within the blur's reach of the ends, where the edge pixels also stand for the extension.
    ///
    /// The blur is linear and symmetric, so a pixel's weight is the blur of the image's indicator at
    /// that pixel, with the extension's share given back to the edge pixel. The weights are those of
    /// the Gaussian itself, at full resolution; ``blurWithEdgesExtended(width:height:sigma:bandRows:row:blurred:)``
    /// follows it within a fraction of a level.
    public static func edgeExtendedWeights(count: Int, sigma: Double) -> [Float] {
        guard count > 0 else { return [] }
        guard sigma > 0 else { return [Float](repeating: 1, count: count) }
        let reach = Self.reach(sigma: sigma)
        let indicator = FloatPlane(width: 1, height: count + 2 * reach, channels: 1) { values, rowStride in
            values.initialize(repeating: 0)
            for y in reach..<(reach + count) { values[y * rowStride] = 1 }
        }
        var spread = FloatPlane.empty
        indicator.filteringColumns(GaussianBlur(sigma: sigma), into: &spread)
        let rowStride = spread.rowStride
        var weights = (0..<count).map { spread.values[($0 + reach) * rowStride] }
        for d in 0..<reach {
            weights[0] += spread.values[d * rowStride]
            weights[count - 1] += spread.values[(reach + count + d) * rowStride]
        }
        return weights
    }
}
