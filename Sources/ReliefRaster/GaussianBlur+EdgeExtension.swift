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
    /// whatever the image's height.
    ///
    /// `row` is asked for every row of the image once, top to bottom; `blurred` receives the blurred
    /// rows top to bottom, each only after every row it depends on has been asked for, so a caller
    /// may write them over the image they come from. Each band is blurred with the blur's reach of
    /// rows above and below it, so it differs from the whole image blurred at once by less than the
    /// Gaussian's mass beyond 4σ.
    public static func blurWithEdgesExtended(width: Int, height: Int, sigma: Double, bandRows: Int,
                                             row: ImageRow, blurred: BlurredRows) {
        guard width > 0, height > 0 else { return }
        let reach = Self.reach(sigma: sigma)
        let bandRows = max(bandRows, 1)
        // The image rows a band reads, each in slot y % windowRows: a band's rows never share a slot.
        let windowRows = bandRows + 2 * reach
        var window = [SIMD4<Float>](repeating: .zero, count: windowRows * width)
        var rowsRead = 0
        var out = [SIMD4<Float>](repeating: .zero, count: deliveredRows * width)
        // The planes of one band, reused by the next.
        var (cells, spare) = (FloatPlane.empty, FloatPlane.empty)
        window.withUnsafeMutableBufferPointer { window in
            out.withUnsafeMutableBufferPointer { out in
                for top in stride(from: 0, to: height, by: bandRows) {
                    let bottom = min(top + bandRows, height)
                    // The rows shared with the last band are still in the window; read the ones below.
                    let readTo = min(bottom + reach, height)
                    for y in rowsRead..<readTo {
                        row(y, UnsafeMutableBufferPointer(rebasing: window[(y % windowRows * width)...].prefix(width)))
                    }
                    rowsRead = readTo
                    let domain = PixelRect(minX: -reach, minY: top - reach, maxX: width + reach, maxY: bottom + reach)
                    var blocks = BlockAverages(domain: domain, channels: 4, sigma: sigma, cellSigma: wholeImageCellSigma,
                                               reusing: &cells)
                    blocks.add({ y, columns, line in
                        // The row's own pixels, with its first and last repeated to either side.
                        let source = window.baseAddress! + min(max(y, 0), height - 1) % windowRows * width
                        let target = UnsafeMutableRawPointer(line), stride = MemoryLayout<SIMD4<Float>>.stride
                        let inside = max(columns.lowerBound, 0)..<min(columns.upperBound, width)
                        for x in columns.lowerBound..<inside.lowerBound {
                            target.storeBytes(of: source[0], toByteOffset: (x - columns.lowerBound) * stride, as: SIMD4<Float>.self)
                        }
                        (target + (inside.lowerBound - columns.lowerBound) * stride)
                            .copyMemory(from: source + inside.lowerBound, byteCount: inside.count * stride)
                        for x in inside.upperBound..<columns.upperBound {
                            target.storeBytes(of: source[width - 1], toByteOffset: (x - columns.lowerBound) * stride, as: SIMD4<Float>.self)
                        }
                    }, over: domain)
                    let plane = blocks.blurred(spare: &spare, rows: top..<bottom)
                    for first in stride(from: top, to: bottom, by: deliveredRows) {
                        let rows = first..<min(first + deliveredRows, bottom)
                        let part = UnsafeMutableBufferPointer(rebasing: out[..<(rows.count * width)])
                        plane.read(PixelRect(minX: 0, minY: rows.lowerBound, maxX: width, maxY: rows.upperBound), into: part)
                        blurred(rows, UnsafeBufferPointer(part))
                    }
                    cells = plane.releasingStorage()
                }
            }
        }
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
