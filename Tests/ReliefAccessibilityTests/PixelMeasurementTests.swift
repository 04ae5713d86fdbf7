import ReliefAccessibility
import ReliefGeometry
import Testing

@Suite("Checks measured on pixels")
struct PixelMeasurementTests {
    @Test func aFlatGlyphOnAFlatFillMeasuresTheColoursContrast() throws {
        let fill = image(width: 20, height: 20, offWhite)
        let glyph = image(width: 20, height: 20, offWhite) { x, y in
            (5..<15).contains(x) && (8..<12).contains(y) ? systemGray : nil
        }
        let measured = try #require(PixelMeasurements.glyphContrast(withGlyph: glyph, withoutGlyph: fill))
        #expect(abs(measured.ratio - 2.5108) < 0.0001)
        #expect(measured.glyph == systemGray && measured.fill == offWhite)
    }

    @Test func aGlyphOverAGradientReportsItsWeakestPixel() throws {
        // Fill grows lighter to the right; a white glyph is weakest over the lightest column.
        let fill = image(width: 20, height: 4, offWhite) { x, _ in PixelColor(UInt8(10 * x), UInt8(10 * x), UInt8(10 * x)) }
        let white = PixelColor(255, 255, 255)
        let glyph = image(width: 20, height: 4, offWhite) { x, y in
            x < 18 ? white : PixelColor(UInt8(10 * x), UInt8(10 * x), UInt8(10 * x))
        }
        let measured = try #require(PixelMeasurements.glyphContrast(withGlyph: glyph, withoutGlyph: fill))
        #expect(measured.x == 17)
        #expect(measured.ratio == white.contrastRatio(with: PixelColor(170, 170, 170)))
    }

    @Test func anInvisibleGlyphIsNotFound() {
        let fill = image(width: 4, height: 4, offWhite)
        #expect(PixelMeasurements.glyphContrast(withGlyph: fill, withoutGlyph: fill) == nil)
    }

    @Test func outlineContrastFindsTheWeakestSide() {
        // A dark square on offWhite whose right side fades into the background.
        let square = image(width: 40, height: 40, offWhite) { x, y in
            (10..<30).contains(x) && (10..<30).contains(y) ? (x >= 26 ? offWhite : PixelColor(40, 40, 40)) : nil
        }
        let outline = ControlOutline(RoundedRect(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0))
        let weakest = PixelMeasurements.outlineContrast(
            in: square, outline: outline, insideDepths: [1, 2], outsideDepths: [2, 3])
        #expect(weakest.ratio == 1)
        #expect(outline.compassName(x: weakest.x, y: weakest.y).hasSuffix("right"))
    }

    @Test func outlineSamplesLieOnACircle() {
        let circle = ControlOutline(RoundedRect(rect: Rect(x: 0, y: 0, width: 80, height: 80), cornerRadius: 40))
        for sample in circle.samples(count: 36) {
            let distance = ((sample.x - 40) * (sample.x - 40) + (sample.y - 40) * (sample.y - 40)).squareRoot()
            #expect(abs(distance - 40) < 1e-9)
            #expect(abs(sample.normalX * (sample.x - 40) + sample.normalY * (sample.y - 40) - 40) < 1e-9)
        }
        #expect(circle.compassName(x: 40, y: 0) == "top")
        #expect(circle.compassName(x: 80, y: 80) == "bottom-right")
    }

    @Test func stateContrastIsTheLargestDifferenceInsideTheOutline() {
        let outline = ControlOutline(RoundedRect(rect: Rect(x: 2, y: 2, width: 16, height: 16), cornerRadius: 8))
        let rest = image(width: 20, height: 20, offWhite)
        // Outside the circle (a corner of the frame) the change is ignored.
        let pressed = image(width: 20, height: 20, offWhite) { x, y in
            x == 10 && y == 10 ? systemGray : (x == 2 && y == 2 ? PixelColor(0, 0, 0) : nil)
        }
        let measured = PixelMeasurements.stateContrast(rest, pressed, within: outline)
        #expect(abs(measured.ratio - 2.5108) < 0.0001)
        #expect(measured.x == 10 && measured.y == 10)
    }

    /// `/audit?size=80.5` stopped the process here: a row through the top of a circle can cross
    /// less than 2 pixels of it, which left no pixels surely inside.
    @Test func stateContrastReadsRowsThatCrossLessThanTwoPixelsOfTheOutline() throws {
        // Inset by a pixel, the circle's top is at y 4.45, so the row of centre 4.5 crosses 1.67 pixels of it.
        let outline = ControlOutline(RoundedRect(rect: Rect(x: 2, y: 3.45, width: 16, height: 16), cornerRadius: 8))
        let inset = try #require(outline.shape.insetBy(1))
        let row = try #require(inset.span(atY: 4.5))
        #expect(row.maxX - row.minX < 2)
        let rest = image(width: 20, height: 21, offWhite)
        let pressed = image(width: 20, height: 21, offWhite) { x, y in x == 10 && y == 4 ? systemGray : nil }
        let measured = PixelMeasurements.stateContrast(rest, pressed, within: outline)
        #expect(abs(measured.ratio - 2.5108) < 0.0001)
        #expect(measured.x == 10 && measured.y == 4)
    }
}
