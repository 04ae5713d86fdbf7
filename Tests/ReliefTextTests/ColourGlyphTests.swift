import ReliefGeometry
import Testing

@testable import ReliefText

@Suite("Colour emoji")
struct ColourGlyphTests {
    let library = FontLibrary.shared
    /// Noto Color Emoji's strike: 136 × 128 pixels a glyph at 109 pixels per em.
    let strikeWidth = 136.0, strikeHeight = 128.0, strikePixelsPerEm = 109.0

    @Test func anEmojiIsAColouredBitmapScaledToTheTextSize() throws {
        let shaped = try library.shape("🍕", size: 40, weight: .regular)
        let bitmap = try #require(shaped.bitmaps.first)
        #expect(bitmap.width == Int(strikeWidth) && bitmap.height == Int(strikeHeight))
        #expect(abs(bitmap.frame.width - 40 * strikeWidth / strikePixelsPerEm) < 1e-9)
        #expect(abs(bitmap.frame.height - 40 * strikeHeight / strikePixelsPerEm) < 1e-9)
        // It sits on the baseline as text does: most of it above, a little below.
        #expect(bitmap.frame.minY < -25 && bitmap.frame.maxY > 0 && bitmap.frame.maxY < 15)
        #expect(abs(shaped.advance - bitmap.frame.width) < 0.5)
        // Not grey: some opaque pixels have channels far apart.
        let colourful = stride(from: 0, to: bitmap.rgba.count, by: 4).filter { i in
            let (r, g, b, a) = (Int(bitmap.rgba[i]), Int(bitmap.rgba[i + 1]), Int(bitmap.rgba[i + 2]), Int(bitmap.rgba[i + 3]))
            return a > 200 && max(r, g, b) - min(r, g, b) > 80
        }
        #expect(colourful.count > bitmap.width * bitmap.height / 10)
    }

    @Test func textAndEmojiShareOneLine() throws {
        let text = "Hot 🍕 now"
        let shaped = try library.shape(text, size: 20, weight: .regular)
        let hot = try library.shape("Hot ", size: 20, weight: .regular)
        let pizza = try library.shape("🍕", size: 20, weight: .regular)
        let now = try library.shape(" now", size: 20, weight: .regular)
        #expect(abs(shaped.advance - (hot.advance + pizza.advance + now.advance)) < 1e-9)
        let bitmap = try #require(shaped.bitmaps.first)
        #expect(abs(bitmap.frame.minX - hot.advance) < 1e-9)
        #expect(shaped.ascent >= pizza.ascent && shaped.path.elements.count == hot.path.elements.count + now.path.elements.count)
    }

    @Test(arguments: ["👨‍👩‍👧", "🇯🇵", "👍🏽", "🏳️‍🌈", "1️⃣"])
    func graphemeClustersStayOneGlyph(emoji: String) throws {
        let shaped = try library.shape(emoji, size: 20, weight: .regular)
        #expect(shaped.runs.count == 1)
        #expect(shaped.runs.first?.glyphs.count == 1, "\(shaped.runs.first?.glyphs ?? [])")
        #expect(shaped.bitmaps.count == 1)
    }

    @Test func anEmojiOnlyTheColourFontHasIsDrawnFromItEvenAsText() throws {
        // 🥺 asked for as text: no text font has it, so colour beats a missing-glyph box.
        let pleading = try library.shape("\u{1F97A}\u{FE0E}", size: 20, weight: .regular)
        #expect(pleading.runs.flatMap(\.glyphs).first?.id != 0)
        #expect(pleading.bitmaps.count == 1)
    }

    @Test func textPresentationStaysText() throws {
        let heart = try library.shape("\u{2764}\u{FE0E}", size: 20, weight: .regular)
        #expect(heart.bitmaps.isEmpty)
        #expect(!heart.path.elements.isEmpty)
        let red = try library.shape("\u{2764}\u{FE0F}", size: 20, weight: .regular)
        #expect(red.bitmaps.count == 1)
    }
}
