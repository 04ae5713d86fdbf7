import ReliefGeometry
import Testing

@testable import ReliefRaster

/// The values `reader` reads over its region, row by row, each pixel bilinear between its own two
/// cells: the reading that whole cells written as vectors must equal.
private func valuesPixelByPixel(_ reader: BlurredPlane.RowReader) -> [Float] {
    let region = reader.region
    return reader.withScratch { scratch in
        (region.minY..<region.maxY).flatMap { y in
            let row = reader.blend(row: y, in: scratch)
            return (region.minX..<region.maxX).map { row.value(column: $0) as Float }
        }
    }
}

/// A bar long enough across that its blur repeats a column of cells, blurred with σ = `sigma`.
private func blurredBar(sigma: Double) -> (plane: BlurredPlane, domain: PixelRect) {
    let bar = Layer.fill(
        RoundedRect(rect: Rect(x: 40.5, y: 30.25, width: 900, height: 60), cornerRadius: 20), with: .solid(.black),
        clip: PixelRect(width: 1200, height: 400))
    let domain = Layer.blurSource(for: bar.bounds, sigma: sigma)
    let plane = BlurredPlane(bar.bounds, domain: domain, channels: 1, sigma: sigma, rows: alpha(of: bar))
    return (plane, domain)
}

/// Regions a shadow may be read over: all it lands on and beyond, and parts starting and ending
/// within a cell.
private func regions(of domain: PixelRect, movedBy offset: (x: Double, y: Double)) -> [PixelRect] {
    let moved = domain.offsetBy(dx: Int(offset.x.rounded(.down)), dy: Int(offset.y.rounded(.down)))
    return [
        moved.outset(by: 3),
        PixelRect(minX: moved.minX + 13, minY: moved.minY + 5, maxX: moved.maxX - 7, maxY: moved.minY + 40),
    ]
}

// σ 3, 12, 17, 20, 28 and 40 pixels: cells of 1, 2, 3, 4, 5 and 8 pixels.
@Test(arguments: [3.0, 12, 17, 20, 28, 40])
func aRowOfOneChannelIsReadAsEachPixelAlone(sigma: Double) {
    let (plane, domain) = blurredBar(sigma: sigma)
    for offset in [(x: 0.0, y: 0.0), (x: 5.5, y: -3.25), (x: -2.75, y: 7)] {
        for region in regions(of: domain, movedBy: offset) {
            let reader = BlurredPlane.RowReader(plane, region: region, movedBy: offset)
            var read = [Float](repeating: .nan, count: region.area)
            read.withUnsafeMutableBufferPointer { reader.read(into: $0) }
            let expected = valuesPixelByPixel(reader)
            let differing = zip(read, expected).filter { $0.bitPattern != $1.bitPattern }.count
            #expect(differing == 0, "σ \(sigma), offset \(offset), \(region): \(differing) values differ")
        }
    }
}

@Test(arguments: [3.0, 17, 20, 40])
func aShadowCompositedIsEachPixelSourceOverTheRest(sigma: Double) {
    // Over translucent colours, with a run of columns hidden in some rows, as under an opaque face.
    let (plane, domain) = blurredBar(sigma: sigma)
    let offset = Point(5.5, -3.25)
    let color = Color(30, 60, 90, alpha: 0.7)
    let region = regions(of: domain, movedBy: (offset.x, offset.y))[0]
    let shadow = Layer.shadow(plane, color: color, offset: offset, over: region)
    let hidden = { (y: Int) -> Range<Int> in y % 3 == 0 ? (region.minX + 101)..<(region.maxX - 57) : 0..<0 }
    let below = (0..<region.area).map { i -> SIMD4<Float> in
        let alpha = Float(i % 7) / 6
        return SIMD4(0.2, Float(i % 11) / 10, 0.5, 1) * alpha
    }
    var band = below
    band.withUnsafeMutableBufferPointer {
        shadow.composite(
            region, into: $0.baseAddress!, origin: (region.minX, region.minY), rowStride: region.width, hidden: hidden)
    }
    let values = valuesPixelByPixel(BlurredPlane.RowReader(plane, region: region, movedBy: (offset.x, offset.y)))
    var differing = 0
    for i in 0..<region.area {
        let (x, y) = (region.minX + i % region.width, region.minY + i / region.width)
        let p = color.premultiplied * values[i]
        let expected = hidden(y).contains(x) ? below[i] : p + below[i] * (1 - p.w)
        if band[i] != expected { differing += 1 }
    }
    #expect(differing == 0, "σ \(sigma): \(differing) pixels differ")
}

@Test func aCoverageLayerCompositedIsEachPixelSourceOverTheRest() {
    let clip = PixelRect(width: 97, height: 41)
    let disc = Layer.fill(
        RoundedRect(rect: Rect(x: 3.5, y: 2.25, width: 90, height: 36), cornerRadius: 18),
        with: .solid(Color(200, 40, 10, alpha: 0.8)), clip: clip)
    let below = (0..<clip.area).map { i in SIMD4<Float>(0.1, 0.3, Float(i % 13) / 12, 1) * (Float(i % 5) / 4) }
    var band = below
    band.withUnsafeMutableBufferPointer {
        disc.composite(
            disc.bounds, into: $0.baseAddress!, origin: (0, 0), rowStride: clip.width,
            hidden: { y in y % 2 == 0 ? 30..<61 : 0..<0 })
    }
    var differing = 0
    for y in clip.minY..<clip.maxY {
        for x in clip.minX..<clip.maxX {
            let (i, p) = (y * clip.width + x, disc.pixel(x: x, y: y))
            let inside = (disc.bounds.minX..<disc.bounds.maxX).contains(x) && (disc.bounds.minY..<disc.bounds.maxY).contains(y)
            let drawn = inside && !(y % 2 == 0 && (30..<61).contains(x))
            if band[i] != (drawn ? p + below[i] * (1 - p.w) : below[i]) { differing += 1 }
        }
    }
    #expect(differing == 0, "\(differing) pixels differ")
}
