import Foundation
import ReliefGeometry
import Testing

@testable import ReliefRaster

/// What `rows` writes over `bounds` (`channels` floats a pixel) blurred over `domain`: with its runs
/// of equal columns and rows shortened, as layers are blurred, or (`shortened` false) every cell
/// blurred, as a whole image's band is.
private func blurredPlane(
    _ bounds: PixelRect, domain: PixelRect, channels: Int = 1, sigma: Double, shortened: Bool, rows: RowWriter
) -> BlurredPlane {
    guard shortened else {
        var blocks = BlockAverages(domain: domain, channels: channels, sigma: sigma)
        blocks.add(rows, over: bounds.intersection(domain))
        var spare = FloatPlane.empty
        return blocks.blurred(spare: &spare, rows: blocks.grid.minY..<blocks.grid.maxY)
    }
    return BlurredPlane(bounds, domain: domain, channels: channels, sigma: sigma, rows: rows)
}

/// Writes `layer`'s alpha, pixel by pixel.
func alpha(of layer: Layer) -> RowWriter {
    { rows, columns, out, rowStride in
        for y in rows {
            for x in columns { out[(y - rows.lowerBound) * rowStride + x - columns.lowerBound] = layer.pixel(x: x, y: y).w }
        }
    }
}

/// The values of `plane` over `region`, moved by `offset`.
private func values(of plane: BlurredPlane, over region: PixelRect, movedBy offset: (x: Double, y: Double) = (0, 0))
    -> [Float]
{
    var out = [Float](repeating: .nan, count: region.area)
    out.withUnsafeMutableBufferPointer { plane.read(region, movedBy: offset, into: $0) }
    return out
}

@Test(arguments: [3.0, 8, 20, 40])
func aLongBarBlurredShortenedFollowsTheProductOfErfProfiles(sigma: Double) {
    // Bars long across and long down, at fractional positions: every pixel centre should be
    // (Φ((x − x0)/σ) − Φ((x − x1)/σ))·(Φ((y − y0)/σ) − Φ((y − y1)/σ)), with the long side's middle
    // read from the one column or row kept of it.
    for bar in [Rect(x: 30.5, y: 20.25, width: 700, height: 5 * sigma), Rect(x: 25.75, y: 30.5, width: 6 * sigma, height: 520)] {
        let layer = Layer.fill(
            RoundedRect(rect: bar, cornerRadius: 0), with: .solid(.black), clip: PixelRect(width: 2000, height: 2000))
        let domain = Layer.blurSource(for: layer.bounds, sigma: sigma)
        let shortened = blurredPlane(layer.bounds, domain: domain, sigma: sigma, shortened: true, rows: alpha(of: layer))
        let whole = blurredPlane(layer.bounds, domain: domain, sigma: sigma, shortened: false, rows: alpha(of: layer))
        #expect(shortened.bytes < whole.bytes, "σ = \(sigma): the long side is blurred shortened")
        let read = values(of: shortened, over: domain)
        var worst = 0.0
        for y in domain.minY..<domain.maxY {
            let t = Double(y) + 0.5
            let down: Double = normalCDF((t - bar.minY) / sigma) - normalCDF((t - bar.maxY) / sigma)
            for x in domain.minX..<domain.maxX {
                let s = Double(x) + 0.5
                let across: Double = normalCDF((s - bar.minX) / sigma) - normalCDF((s - bar.maxX) / sigma)
                let value = Double(read[(y - domain.minY) * domain.width + x - domain.minX])
                worst = max(worst, abs(value - across * down))
            }
        }
        #expect(worst <= 1.0 / 255, "σ = \(sigma), \(bar): worst error \(worst * 255)/255")
    }
}

@Test(arguments: [8.0, 16, 20])
func aRoundedRectanglesShadowBlurredShortenedIsItsWholeBlur(sigma: Double) {
    // Sizes too small to shorten, odd and even, at whole, half and quarter pixels, moved by a
    // fractional offset; and the shadow cast by the face with its first shadow (read back from a
    // shortened plane), as the styles chain them.
    let clip = PixelRect(width: 900, height: 700)
    let offset = (x: 5.5, y: -3.25)
    for (width, height) in [(6.0, 4.0), (31, 24), (96, 41), (201, 60), (333, 150.5)] {
        for (x, y) in [(100.0, 90.0), (100.5, 90.5), (101.25, 90.75)] {
            let outline = RoundedRect(rect: Rect(x: x, y: y, width: width, height: height), cornerRadius: min(24, height / 2))
            let face = Layer.fill(outline, with: .solid(.white), clip: clip)
            var chained = LayerStack()
            chained.draw(face.shadow(color: .black, sigma: sigma, offset: Point(10, 10), clip: clip))
            chained.draw(face)
            for (name, bounds, rows) in [
                ("face", face.bounds, alpha(of: face)),
                ("chained", chained.bounds, chained.writeAlpha(rows:columns:into:rowStride:)),
            ] {
                let domain = Layer.blurSource(for: bounds, sigma: sigma)
                let shortened = blurredPlane(bounds, domain: domain, sigma: sigma, shortened: true, rows: rows)
                let whole = blurredPlane(bounds, domain: domain, sigma: sigma, shortened: false, rows: rows)
                let region = domain.outset(by: 2)
                let worst =
                    zip(values(of: shortened, over: region, movedBy: offset), values(of: whole, over: region, movedBy: offset))
                    .map { abs($0 - $1) }.max() ?? 0
                #expect(worst <= 0.5 / 255, "σ \(sigma), \(name) \(width) × \(height) at (\(x), \(y)): \(worst * 255)/255")
                // A face's straight sides shorten once they are longer than 12σ and its corners.
                if name == "face", width - 48 > 12 * sigma + 12 {
                    #expect(shortened.bytes < whole.bytes, "σ \(sigma), \(name) \(width) × \(height) is shortened")
                }
            }
        }
    }
}

@Test func aColourLayerBlurredShortenedIsItsWholeBlur() {
    // Colours that change down the layer but not across it: its columns shorten, four channels each.
    let clip = PixelRect(width: 600, height: 300)
    let layer = Layer.fill(
        RoundedRect(rect: Rect(x: 40.5, y: 30, width: 420, height: 160), cornerRadius: 30),
        with: .linearGradient(start: Point(0, 30), end: Point(0, 190), from: Color(255, 0, 0), to: Color(0, 0, 255, alpha: 0.5)),
        clip: clip
    ).separatingColors()
    let sigma = 8.0
    let domain = Layer.blurSource(for: layer.bounds, sigma: sigma)
    let rows: RowWriter = { rows, columns, out, rowStride in
        for y in rows {
            let raw = UnsafeMutableRawPointer(out + (y - rows.lowerBound) * rowStride)
            for x in columns {
                raw.storeBytes(of: layer.pixel(x: x, y: y), toByteOffset: (x - columns.lowerBound) * 16, as: SIMD4<Float>.self)
            }
        }
    }
    let whole = blurredPlane(layer.bounds, domain: domain, channels: 4, sigma: sigma, shortened: false, rows: rows)
    let shortened = blurredPlane(layer.bounds, domain: domain, channels: 4, sigma: sigma, shortened: true, rows: rows)
    #expect(shortened.bytes * 2 < whole.bytes)
    var a = [SIMD4<Float>](repeating: .zero, count: domain.area), b = a
    a.withUnsafeMutableBufferPointer { shortened.read(domain, into: $0) }
    b.withUnsafeMutableBufferPointer { whole.read(domain, into: $0) }
    let worst = zip(a, b).map { (p: SIMD4<Float>, q: SIMD4<Float>) in ((p - q) * (p - q)).max().squareRoot() }.max() ?? 0
    #expect(worst <= 0.5 / 255, "\(worst * 255)/255")
    // And as the layer's own blur reads it.
    let blurred = layer.blurred(sigma: sigma, clip: domain)
    #expect(zip(blurred.pixels, a).allSatisfy { $0 == $1 })
}
