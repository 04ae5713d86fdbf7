import ReliefGeometry
import Testing

@testable import ReliefRaster

/// Stacks a shadow gathers, named: an opaque face alone, with the shadow it casts under it (the
/// styles' chained shadows), with a ring and a blur (which may ring below 0) over it; a translucent
/// face and an opaque gradient one under its shadow.
private func stacks(sigma: Double) -> [(name: String, stack: LayerStack)] {
    let clip = PixelRect(width: 700, height: 500)
    let outline = RoundedRect(rect: Rect(x: 150.5, y: 120.25, width: 301, height: 163.5), cornerRadius: 37)
    let face = Layer.fill(outline, with: .solid(Color(230, 230, 235)), clip: clip)
    let translucent = Layer.fill(outline, with: .solid(Color(230, 230, 235, alpha: 0.5)), clip: clip)
    let gradient = Layer.fill(
        outline, with: .linearGradient(start: Point(150, 120), end: Point(450, 280), from: .white, to: .black), clip: clip)
    let ring = Layer.strokeParts(outline.insetBy(6)!, lineWidth: 4, with: .solid(.black), clip: clip)
    let spot = RoundedRect(rect: Rect(x: 250, y: 180, width: 40, height: 30), cornerRadius: 8)
    let blur = Layer.stroke(spot, lineWidth: 8, with: .solid(.white), clip: clip).blurred(sigma: 6, clip: clip)
    func stack(_ layers: [Layer]) -> LayerStack {
        var stack = LayerStack()
        for layer in layers { stack.draw(layer) }
        return stack
    }
    let offset = Point(10.5, 7)
    return [
        ("face", stack([face])),
        ("chained", stack([face.shadow(color: .black, sigma: sigma, offset: offset, clip: clip), face])),
        ("ringed", stack([face.shadow(color: .black, sigma: sigma, offset: offset, clip: clip), face] + ring)),
        ("blurred over", stack([face, blur])),
        ("translucent", stack([translucent.shadow(color: .black, sigma: sigma, offset: offset, clip: clip), translucent])),
        ("gradient", stack([gradient.shadow(color: .black, sigma: sigma, offset: offset, clip: clip), gradient])),
    ]
}

/// The blurred values over `domain` of the cells `blocks` gathered.
private func values(of blocks: consuming BlockAverages, over domain: PixelRect) -> [Float] {
    var spare = FloatPlane.empty
    let plane = blocks.blurred(spare: &spare, rows: domain.minY..<domain.maxY)
    var out = [Float](repeating: .nan, count: domain.area)
    out.withUnsafeMutableBufferPointer { plane.read(domain, into: $0) }
    return out
}

@Test func opaqueColumnsAreWhereTheFlattenedStackIsOpaque() {
    for (name, stack) in stacks(sigma: 20) {
        let flat = stack.flattened()
        var ones = 0
        for y in stack.bounds.minY..<stack.bounds.maxY {
            let run = stack.opaqueColumns(row: y)
            ones += run.count
            let wrong = run.filter { flat.pixel(x: $0, y: y).w != 1 }
            #expect(wrong.isEmpty, "\(name), row \(y): alpha is not 1 at \(wrong.prefix(5))")
        }
        #expect((ones > 0) == !["translucent"].contains(name), "\(name): \(ones) opaque pixels")
    }
}

@Test(arguments: [8.0, 16, 20, 40])
func blocksOfOnesGatheredInBandsAreTheFlattenedStacksCells(sigma: Double) {
    // Cells gathered band by band, in bands of odd heights that split rows of cells anywhere, with
    // the blocks under opaque runs added as ones, against every pixel's alpha of the flattened
    // stack summed in one go: equal to the bit.
    for (name, stack) in stacks(sigma: sigma) {
        let flat = stack.flattened()
        let domain = Layer.blurSource(for: stack.bounds, sigma: sigma).offsetBy(dx: 3, dy: -5)
        var whole = BlockAverages(domain: domain, channels: 1, sigma: sigma)
        whole.add(alpha(of: flat), over: stack.bounds.intersection(domain))
        var banded = BlockAverages(domain: domain, channels: 1, sigma: sigma)
        var top = domain.minY
        for height in [7, 13, 5, 31, 1, 9].cycled(to: domain.height) where top < domain.maxY {
            let rows = PixelRect(minX: domain.minX, minY: top, maxX: domain.maxX, maxY: min(top + height, domain.maxY))
            var band = LayerStack()
            band.draw(stack, clip: rows)
            banded.add(
                band.writeAlpha(rows:columns:into:rowStride:), over: band.bounds.intersection(domain), ones: band.opaqueColumns)
            top = rows.maxY
        }
        let expected = values(of: whole, over: domain), gathered = values(of: banded, over: domain)
        let differing = zip(expected, gathered).filter { $0.bitPattern != $1.bitPattern }.count
        #expect(differing == 0, "σ \(sigma), \(name): \(differing) values differ")
    }
}

extension Array {
    /// The elements repeated in order until there are at least `count`.
    fileprivate func cycled(to count: Int) -> [Element] {
        (0..<count).map { self[$0 % self.count] }
    }
}
