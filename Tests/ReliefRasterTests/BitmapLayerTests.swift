import ReliefGeometry
import Testing

@testable import ReliefRaster

/// A `width × height` bitmap over `frame` whose pixel (x, y) is `pixel(x, y)` as RGBA bytes.
private func bitmap(_ width: Int, _ height: Int, frame: Rect, _ pixel: (Int, Int) -> [UInt8]) -> Bitmap {
    var rgba: [UInt8] = []
    for y in 0..<height { for x in 0..<width { rgba += pixel(x, y) } }
    return Bitmap(width: width, height: height, rgba: rgba, frame: frame)
}

private func isClose(_ a: SIMD4<Float>, _ b: SIMD4<Float>, within tolerance: Float = 1e-5) -> Bool {
    ((a - b) * (a - b)).sum() <= tolerance * tolerance
}

@Suite("Bitmaps drawn as layers")
struct BitmapLayerTests {
    @Test func aBitmapOnWholePixelsAtItsOwnSizeIsCopied() {
        let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 128, 0, 128], [0, 0, 0, 0], [10, 20, 30, 40]]
        let image = bitmap(2, 2, frame: Rect(x: 3, y: 5, width: 2, height: 2)) { x, y in colours[y * 2 + x] }
        let layer = Layer.image(image, clip: PixelRect(width: 20, height: 20))
        for y in 0..<2 {
            for x in 0..<2 {
                let expected = SIMD4<Float>(colours[y * 2 + x].map { Float($0) / 255 })
                #expect(isClose(layer.pixel(x: 3 + x, y: 5 + y), expected))
            }
        }
        #expect(layer.pixel(x: 2, y: 5) == .zero && layer.pixel(x: 5, y: 6) == .zero)
    }

    @Test func shrinkingAveragesTheAreaEachPixelCovers() {
        // A 4 × 4 checkerboard of opaque white and transparent pixels shrunk to 1 × 1: half white.
        let image = bitmap(4, 4, frame: Rect(x: 0, y: 0, width: 1, height: 1)) { x, y in
            (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 0]
        }
        let layer = Layer.image(image, clip: PixelRect(width: 4, height: 4))
        #expect(isClose(layer.pixel(x: 0, y: 0), SIMD4(repeating: 0.5)))
    }

    @Test func enlargingInterpolatesBetweenPixelCentres() {
        // Two pixels, black and white, stretched over 8: the colour ramps between the two pixel
        // centres, and the outer half pixels fade out as the transparent outside blends in.
        let image = bitmap(2, 1, frame: Rect(x: 0, y: 0, width: 8, height: 1)) { x, _ in
            x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
        }
        let layer = Layer.image(image, clip: PixelRect(width: 8, height: 1))
        let pixels = (0..<8).map { layer.pixel(x: $0, y: 0) }
        let reds = pixels.map { $0.x / $0.w }
        let expectedReds: [Float] = [0, 0, 0.125, 0.375, 0.625, 0.875, 1, 1]
        let expectedAlphas: [Float] = [0.625, 0.875, 1, 1, 1, 1, 0.875, 0.625]
        #expect(zip(reds, expectedReds).allSatisfy { abs($0 - $1) < 1e-6 }, "\(reds)")
        #expect(zip(pixels.map(\.w), expectedAlphas).allSatisfy { abs($0 - $1) < 1e-6 })
    }

    @Test func anOpaqueBitmapCoversItsFrameExactly() {
        // Opaque red over a frame at fractional pixels: total alpha is the frame's area.
        let image = bitmap(16, 16, frame: Rect(x: 2.3, y: 4.6, width: 5.5, height: 3.25)) { _, _ in [200, 0, 0, 255] }
        let layer = Layer.image(image, clip: PixelRect(width: 20, height: 20))
        let area = layer.pixels.reduce(0) { $0 + Double($1.w) }
        #expect(abs(area - 5.5 * 3.25) < 1e-3)
        #expect(layer.pixels.allSatisfy { abs($0.x - $0.w * 200 / 255) < 1e-5 && $0.y == 0 })
    }

    @Test func theClipBoundsTheLayer() {
        let image = bitmap(4, 4, frame: Rect(x: -2, y: -2, width: 8, height: 8)) { _, _ in [255, 255, 255, 255] }
        let clip = PixelRect(minX: 1, minY: 1, maxX: 3, maxY: 2)
        #expect(Layer.image(image, clip: clip).bounds == clip)
        #expect(Layer.image(image, clip: PixelRect(minX: 50, minY: 50, maxX: 60, maxY: 60)).bounds.isEmpty)
    }
}
