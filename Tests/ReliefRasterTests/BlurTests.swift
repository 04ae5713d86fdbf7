import Foundation
import ReliefGeometry
import Testing

@testable import ReliefRaster

/// Φ(t), the standard normal cumulative distribution.
func normalCDF(_ t: Double) -> Double { 0.5 * (1 + erf(t / 2.0.squareRoot())) }

@Test(arguments: [0.75, 1, 1.5, 2, 3.5, 5, 10, 20, 40])
func blurredStepEdgeFollowsTheErfProfile(sigma: Double) {
    // A half-plane of opaque white starting at x = edge, blurred; each pixel centre x + 0.5 should be
    // Φ((x + 0.5 − edge)/σ) of the way to white. The plane is 8σ from every other edge, so neither
    // its far side nor the vertical pass reaches the row that is measured.
    let edge = Int((8 * sigma).rounded(.up)) + 8
    let step = Layer.fill(
        RoundedRect(
            rect: Rect(x: Double(edge), y: Double(-edge), width: Double(2 * edge), height: Double(2 * edge)),
            cornerRadius: 0),
        with: .solid(.white), clip: PixelRect(minX: 0, minY: -edge, maxX: 3 * edge, maxY: edge))
    let blurred = step.blurred(sigma: sigma, clip: PixelRect(minX: 0, minY: -1, maxX: 3 * edge, maxY: 1))
    var worst = 0.0
    for x in (edge - Int(5 * sigma) - 2)...(edge + Int(5 * sigma) + 2) {
        let expected = normalCDF((Double(x) + 0.5 - Double(edge)) / sigma)
        worst = max(worst, abs(Double(blurred.pixel(x: x, y: 0).w) - expected))
    }
    #expect(worst <= 1.0 / 255, "σ = \(sigma): worst error \(worst * 255)/255")
}

@Test func blurKeepsFlatAreasFlatAndConservesMass() {
    let square = Layer.fill(
        RoundedRect(rect: Rect(x: 100, y: 100, width: 120, height: 120), cornerRadius: 0),
        with: .solid(.black), clip: PixelRect(width: 400, height: 400))
    let blurred = square.blurred(sigma: 6, clip: PixelRect(width: 400, height: 400))
    #expect(abs(blurred.pixel(x: 160, y: 160).w - 1) < 1e-4)
    #expect(abs(coveredArea(blurred) - 120 * 120) / (120 * 120) < 1e-3)
}

@Test func blurCostDoesNotDependOnSigma() {
    // The recursive filter runs the same number of passes for every large σ; the direct kernel is
    // capped by the threshold.
    let reachAtThreshold = GaussianBlur.reach(sigma: GaussianBlur.recursiveThreshold)
    #expect(reachAtThreshold <= 10)
}

@Test func shadowIsBlurredAlphaMovedAndTinted() {
    let clip = PixelRect(minX: -100, minY: -100, maxX: 500, maxY: 500)
    let disc = Layer.fill(
        RoundedRect(rect: Rect(x: 100, y: 100, width: 100, height: 100), cornerRadius: 50),
        with: .solid(Color(255, 0, 0)), clip: clip)
    let shadow = disc.shadow(color: Color(0, 0, 255, alpha: 0.5), sigma: 5, offset: Point(20, 10), clip: clip)
    let reference = disc.blurred(sigma: 5, clip: clip)
    // Deep inside: the colour's alpha times full coverage, tinted blue, nothing of the red.
    let centre = shadow.pixel(x: 170, y: 160)
    #expect(abs(centre.w - 0.5) < 1e-3 && abs(centre.z - 0.5) < 1e-3 && centre.x == 0)
    // Anywhere: half the blurred alpha at the position moved back by the offset.
    for (x, y) in [(125, 110), (215, 160), (170, 215), (230, 200)] {
        #expect(abs(shadow.pixel(x: x, y: y).w - 0.5 * reference.pixel(x: x - 20, y: y - 10).w) < 1e-4)
    }
}

@Test func subpixelShadowOffsetInterpolates() {
    let clip = PixelRect(minX: -50, minY: -50, maxX: 250, maxY: 250)
    let square = Layer.fill(
        RoundedRect(rect: Rect(x: 50, y: 50, width: 100, height: 100), cornerRadius: 0),
        with: .solid(.black), clip: clip)
    let whole = square.shadow(color: .black, sigma: 3, offset: Point(1, 0), clip: clip)
    let none = square.shadow(color: .black, sigma: 3, offset: Point(0, 0), clip: clip)
    let half = square.shadow(color: .black, sigma: 3, offset: Point(0.5, 0), clip: clip)
    for x in 40...60 {
        let mean = (whole.pixel(x: x, y: 100).w + none.pixel(x: x, y: 100).w) / 2
        #expect(abs(half.pixel(x: x, y: 100).w - mean) < 1e-4)
    }
}

@Test func solidLayersBlurTheirCoverageToTheSameResult() {
    let clip = PixelRect(width: 200, height: 200)
    let ring = Layer.stroke(
        RoundedRect(rect: Rect(x: 40, y: 50, width: 120, height: 90), cornerRadius: 30), lineWidth: 6,
        with: .solid(Color(163, 177, 198)), clip: clip)
    #expect(ring.solidColor != nil)
    let general = ring.separatingColors()
    #expect(general.solidColor == nil)
    for sigma in [1.0, 6, 12] {
        let fast = ring.blurred(sigma: sigma, clip: clip), slow = general.blurred(sigma: sigma, clip: clip)
        #expect(fast.bounds == slow.bounds)
        var worst: Float = 0
        for (a, b) in zip(fast.pixels, slow.pixels) {
            let d: SIMD4<Float> = a - b
            worst = max(worst, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
        }
        #expect(worst < 1e-5)
    }
}

@Test func translucentSolidLayersBlurTheirColourOnce() {
    // A half-transparent fill blurred keeps its alpha: the colour's alpha multiplies once, not twice.
    let clip = PixelRect(width: 120, height: 120)
    let square = Layer.fill(
        RoundedRect(rect: Rect(x: 20, y: 20, width: 80, height: 80), cornerRadius: 0),
        with: .solid(Color(0, 0, 0, alpha: 0.5)), clip: clip)
    let blurred = square.blurred(sigma: 3, clip: clip)
    #expect(abs(blurred.pixel(x: 60, y: 60).w - 0.5) < 1e-4)
    #expect(abs(square.separatingColors().blurred(sigma: 3, clip: clip).pixel(x: 60, y: 60).w - 0.5) < 1e-4)
}

@Test(arguments: [1.3, 5.2])
func aWholeImageBlurExtendsItsEdgesInsteadOfFadingThem(sigma: Double) {
    // Black on the left half, white on the right: the outer columns keep their colour (faded into a
    // transparent outside they would be half as bright), alpha stays 1 everywhere, and the middle
    // follows the same erf as a layer's blur.
    let (width, height) = (80, 6)
    let pixels = (0..<width * height).map { $0 % width < width / 2 ? SIMD4<Float>(0, 0, 0, 1) : SIMD4<Float>(1, 1, 1, 1) }
    let blurred = wholeImageBlur(pixels, width: width, height: height, sigma: sigma, bandRows: height)
    #expect(blurred.allSatisfy { abs($0.w - 1) < 1e-3 })
    for y in 0..<height {
        #expect(abs(blurred[y * width].x) < 1e-3 && abs(blurred[y * width + width - 1].x - 1) < 1e-3)
        for x in 0..<width {
            let expected = normalCDF((Double(x) + 0.5 - Double(width / 2)) / sigma)
            #expect(abs(Double(blurred[y * width + x].x) - expected) <= 1.0 / 255, "x = \(x)")
        }
    }
}

/// `pixels` blurred with its edges extended, the bands gathered into one image.
func wholeImageBlur(
    _ pixels: [SIMD4<Float>], width: Int, height: Int, sigma: Double, bandRows: Int,
    bandsAtOnce: Int = 1
) -> [SIMD4<Float>] {
    var blurred = [SIMD4<Float>](repeating: .zero, count: pixels.count)
    var nextRow = 0
    GaussianBlur.blurWithEdgesExtended(
        width: width, height: height, sigma: sigma, bandRows: bandRows, bandsAtOnce: bandsAtOnce,
        row: { y, out in
            #expect(y == nextRow, "rows are asked for once each, in order")
            nextRow += 1
            for x in 0..<width { out[x] = pixels[y * width + x] }
        },
        blurred: { rows, band in
            #expect(
                rows.upperBound + GaussianBlur.reach(sigma: sigma) <= nextRow || nextRow == height,
                "a band comes once every row it reads has been asked for")
            for (offset, pixel) in band.enumerated() { blurred[rows.lowerBound * width + offset] = pixel }
        })
    return blurred
}

@Test(arguments: [1.3, 5.2, 9.0])
func aWholeImageBlurInBandsFollowsItBlurredAtOnce(sigma: Double) {
    // Circles and stripes of colour, some translucent: each band sees the blur's reach around it.
    let (width, height) = (57, 90)
    let pixels = (0..<width * height).map { index -> SIMD4<Float> in
        let (x, y) = (Float(index % width), Float(index / width))
        let ring = ((x - 20) * (x - 20) + (y - 40) * (y - 40)).squareRoot()
        let alpha: Float = ring < 15 ? 0.6 : 1
        return SIMD4(y.truncatingRemainder(dividingBy: 7) < 3 ? 1 : 0, ring < 15 ? 1 : 0.2, x / Float(width), 1) * alpha
    }
    let whole = wholeImageBlur(pixels, width: width, height: height, sigma: sigma, bandRows: height)
    for bandRows in [1, 16, 31] {
        let banded = wholeImageBlur(pixels, width: width, height: height, sigma: sigma, bandRows: bandRows)
        let worst =
            zip(whole, banded).map { (a: SIMD4<Float>, b: SIMD4<Float>) -> Float in
                let d = a - b
                return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
            }.max() ?? 0
        #expect(worst < 0.5 / 255, "σ \(sigma), bands of \(bandRows) rows: \(worst * 255)/255")
        // Bands blurred side by side, on threads of their own, give the very same values.
        for bandsAtOnce in [2, 3] {
            #expect(
                wholeImageBlur(pixels, width: width, height: height, sigma: sigma, bandRows: bandRows, bandsAtOnce: bandsAtOnce)
                    == banded,
                "σ \(sigma), bands of \(bandRows) rows, \(bandsAtOnce) at once")
        }
    }
}

@Test(arguments: [1.3, 5.2, 24])
func edgeExtendedWeightsSumTheBlurredImage(sigma: Double) {
    // The blurred image's sum, from the unblurred pixels and the weights alone.
    let (width, height) = (40, 33)
    let pixels = (0..<width * height).map { index in SIMD4<Float>(repeating: Float((index * 37) % 101) / 100) }
    let blurred = wholeImageBlur(pixels, width: width, height: height, sigma: sigma, bandRows: 8)
    let (columns, rows) = (
        GaussianBlur.edgeExtendedWeights(count: width, sigma: sigma),
        GaussianBlur.edgeExtendedWeights(count: height, sigma: sigma)
    )
    var weighted = 0.0
    for y in 0..<height { for x in 0..<width { weighted += Double(pixels[y * width + x].x * columns[x] * rows[y]) } }
    let sum = blurred.reduce(0.0) { $0 + Double($1.x) }
    #expect(abs(weighted - sum) / sum < 2e-3, "\(weighted) against \(sum)")
    // Every pixel spreads all of itself, but for the Gaussian's tail beyond its reach.
    #expect(abs(columns.reduce(0, +) - Float(width)) < Float(width) * 2e-4)
}

@Test(arguments: [3.0, 8, 12, 30])
func aBlurredBarFollowsTheGaussianOnBothSides(sigma: Double) {
    // A bar from a to b, with the blur's zero reach on either side (where the filter skips its
    // rows): each pixel centre should be Φ((x + 0.5 − a)/σ) − Φ((x + 0.5 − b)/σ).
    let (a, b) = (Int(6 * sigma), Int(9 * sigma) + 5)
    let bar = Layer.fill(
        RoundedRect(rect: Rect(x: Double(a), y: -200, width: Double(b - a), height: 400), cornerRadius: 0),
        with: .solid(.black), clip: PixelRect(minX: 0, minY: -200, maxX: b + a, maxY: 200))
    let blurred = bar.blurred(sigma: sigma, clip: PixelRect(minX: 0, minY: -1, maxX: b + a, maxY: 1))
    var worst = 0.0
    for x in 0..<(b + a) {
        let t = Double(x) + 0.5
        let expected = normalCDF((t - Double(a)) / sigma) - normalCDF((t - Double(b)) / sigma)
        worst = max(worst, abs(Double(blurred.pixel(x: x, y: 0).w) - expected))
    }
    #expect(worst <= 1.0 / 255, "σ = \(sigma): worst error \(worst * 255)/255")
}

@Test(arguments: [(1, 5, 3), (1, 37, 45), (1, 64, 32), (4, 19, 33)])
func aTransposedPlaneSwapsRowsAndColumns(channels: Int, width: Int, height: Int) {
    let plane = FloatPlane(width: width, height: height, channels: channels) { values, rowStride in
        values.initialize(repeating: 0)
        for y in 0..<height {
            for k in 0..<(width * channels) { values[y * rowStride + k] = Float(y * 1000 + k) }
        }
    }
    var swapped = FloatPlane.empty
    plane.transposed(into: &swapped)
    #expect(swapped.width == height && swapped.height == width)
    var wrong = 0
    for x in 0..<width {
        for y in 0..<height {
            for c in 0..<channels
            where swapped.values[x * swapped.rowStride + y * channels + c] != Float(y * 1000 + x * channels + c) {
                wrong += 1
            }
        }
        for k in (height * channels)..<swapped.rowStride where swapped.values[x * swapped.rowStride + k] != 0 { wrong += 1 }
    }
    #expect(wrong == 0)
}
