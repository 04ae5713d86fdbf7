import ReliefGeometry

extension Layer {
    /// `bitmap`, its frame in canvas pixels, resampled onto the pixel grid and clipped to `clip`.
    ///
    /// Each canvas pixel averages the bitmap over a box centred on it, one canvas pixel wide but never
    /// narrower than one bitmap pixel. Shrinking, that is the exact area average of the bitmap pixels
    /// the canvas pixel covers; enlarging, a one-bitmap-pixel box over constant pixels is bilinear
    /// interpolation between their centres. Outside its frame the bitmap is transparent, so its edges
    /// fade over one canvas pixel as a filled shape's do, or over one bitmap pixel when enlarged.
    public static func image(_ bitmap: Bitmap, clip: PixelRect) -> Layer {
        let frame = bitmap.frame
        guard bitmap.width > 0, bitmap.height > 0, frame.width > 0, frame.height > 0,
            frame.minX.isFinite, frame.minY.isFinite, frame.maxX.isFinite, frame.maxY.isFinite
        else { return .empty }
        let columns = ResamplingAxis(sourceCount: bitmap.width, start: frame.minX, length: frame.width)
        let rows = ResamplingAxis(sourceCount: bitmap.height, start: frame.minY, length: frame.height)
        let bounds = PixelRect(
            minX: columns.pixels.lowerBound, minY: rows.pixels.lowerBound,
            maxX: columns.pixels.upperBound, maxY: rows.pixels.upperBound
        ).intersection(clip)
        guard !bounds.isEmpty else { return .empty }

        // Rows first: every bitmap row resampled to the canvas columns, then the columns down the rows.
        let width = bounds.width
        var resampledRows = [SIMD4<Float>](repeating: .zero, count: bitmap.height * width)
        bitmap.rgba.withUnsafeBufferPointer { bytes in
            for sourceRow in 0..<bitmap.height {
                let rowBytes = sourceRow * bitmap.width * 4
                for x in 0..<width {
                    var sum = SIMD4<Float>.zero
                    columns.forEachTap(of: bounds.minX + x) { column, weight in
                        let byte = rowBytes + column * 4
                        sum +=
                            SIMD4(Float(bytes[byte]), Float(bytes[byte + 1]), Float(bytes[byte + 2]), Float(bytes[byte + 3]))
                            * weight
                    }
                    resampledRows[sourceRow * width + x] = sum * (1 / 255)
                }
            }
        }
        return Layer(bounds: bounds) { out in
            for y in 0..<bounds.height {
                for x in 0..<width { out[y * width + x] = .zero }
                rows.forEachTap(of: bounds.minY + y) { sourceRow, weight in
                    for x in 0..<width { out[y * width + x] += resampledRows[sourceRow * width + x] * weight }
                }
            }
        }
    }
}

/// How one axis of a bitmap maps onto canvas pixels: for each canvas pixel, the bitmap pixels its box
/// filter reads and their weights.
private struct ResamplingAxis {
    /// The canvas pixels whose box reaches the bitmap.
    let pixels: Range<Int>
    private let sourceCount: Int
    private let start: Double
    /// Bitmap pixels per canvas pixel.
    private let ratio: Double
    /// Half the box's width, in bitmap pixels.
    private let halfWidth: Double

    init(sourceCount: Int, start: Double, length: Double) {
        self.sourceCount = sourceCount
        self.start = start
        ratio = Double(sourceCount) / length
        halfWidth = max(ratio, 1) / 2
        let reach = halfWidth / ratio
        pixels = Int((start - reach).rounded(.down))..<Int((start + length + reach).rounded(.up))
    }

    /// Calls `body` with each bitmap pixel the box of canvas pixel `pixel` overlaps and its weight:
    /// the overlap over the box's width, so weights sum to 1 where the box lies inside the bitmap.
    @inline(__always)
    func forEachTap(of pixel: Int, _ body: (Int, Float) -> Void) {
        let centre = (Double(pixel) + 0.5 - start) * ratio
        let low = centre - halfWidth, high = centre + halfWidth
        let first = max(Int(low.rounded(.down)), 0), last = min(Int(high.rounded(.up)), sourceCount)
        guard first < last else { return }
        for source in first..<last {
            let overlap = min(high, Double(source + 1)) - max(low, Double(source))
            if overlap > 0 { body(source, Float(overlap / (2 * halfWidth))) }
        }
    }
}
