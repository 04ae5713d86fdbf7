import Foundation
import ReliefAccessibility
import Testing

@Suite("WCAG luminance and contrast")
struct ContrastRatioTests {
    @Test func systemGrayOnOffWhiteIsTwoPointFiveOne() {
        // By hand: gray 142 → ((0.5569 + 0.055)/1.055)^2.4 = 0.2704, 147 → 0.2918, L = 0.2720;
        // offWhite 225 → 0.7529, 235 → 0.8308, L = 0.7586; (0.7586 + 0.05)/(0.2720 + 0.05) = 2.51.
        #expect(abs(systemGray.relativeLuminance - 0.2720) < 0.0001)
        #expect(abs(offWhite.relativeLuminance - 0.7586) < 0.0001)
        #expect(abs(systemGray.contrastRatio(with: offWhite) - 2.5108) < 0.0001)
    }

    @Test func blackAndWhiteSpanOneToTwentyOne() {
        let white = PixelColor(255, 255, 255), black = PixelColor(0, 0, 0)
        #expect(white.contrastRatio(with: black) == 21)
        #expect(black.contrastRatio(with: white) == 21)
        #expect(systemGray.contrastRatio(with: systemGray) == 1)
    }

    @Test func whiteOnTheColorfulBlueAndTheDarkCushion() {
        // White on lightStart (60, 160, 240): 1.05 / (0.3239 + 0.05) = 2.81; on darkStart: 11.30.
        let white = PixelColor(255, 255, 255)
        #expect(abs(white.contrastRatio(with: PixelColor(60, 160, 240)) - 2.808) < 0.001)
        #expect(abs(white.contrastRatio(with: PixelColor(50, 60, 65)) - 11.301) < 0.001)
    }

    @Test func darkChannelsUseTheLinearSegment() {
        // 10/255 = 0.0392 ≤ 0.04045, so it is divided by 12.92 rather than raised to 2.4.
        #expect(abs(SRGB.linear(10) - 10.0 / 255 / 12.92) < 1e-12)
        #expect(abs(SRGB.linear(11) - pow((11.0 / 255 + 0.055) / 1.055, 2.4)) < 1e-12)
        #expect(SRGB.byte(linear: SRGB.linear(200)) == 200)
    }
}
