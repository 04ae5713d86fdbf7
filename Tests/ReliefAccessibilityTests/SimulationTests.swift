import ReliefAccessibility
import Testing

@Suite("Vision simulation")
struct SimulationTests {
    /// Columns of Machado, Oliveira and Fernandes (2009), severity 1.0: what pure linear red, green
    /// and blue become, as published in the paper's supplementary table.
    static let published: [(ColorVisionDeficiency, red: [Double], green: [Double], blue: [Double])] = [
        (.protanopia, [0.152286, 0.114503, -0.003882], [1.052583, 0.786281, -0.048116], [-0.204868, 0.099216, 1.051998]),
        (.deuteranopia, [0.367322, 0.280085, -0.011820], [0.860646, 0.672501, 0.042940], [-0.227968, 0.047413, 0.968881]),
        (.tritanopia, [1.255528, -0.078411, 0.004733], [-0.076749, 0.930809, 0.691367], [-0.178779, 0.147602, 0.303900]),
    ]

    @Test(arguments: 0..<3)
    func pureColoursBecomeThePublishedColumns(row: Int) {
        let (deficiency, red, green, blue) = Self.published[row]
        let primaries = [PixelColor(255, 0, 0), PixelColor(0, 255, 0), PixelColor(0, 0, 255)]
        for (primary, column) in zip(primaries, [red, green, blue]) {
            let seen = deficiency.simulated(image(width: 1, height: 1, primary)).color(x: 0, y: 0)
            let expected = PixelColor(SRGB.byte(linear: column[0]), SRGB.byte(linear: column[1]), SRGB.byte(linear: column[2]))
            #expect(seen == expected, "\(deficiency) of \(primary)")
        }
    }

    @Test(arguments: ColorVisionDeficiency.allCases)
    func neutralsStayNeutral(deficiency: ColorVisionDeficiency) {
        // Every published row sums to 1, so white, black and greys are seen unchanged.
        for level: UInt8 in [0, 142, 255] {
            let grey = PixelColor(level, level, level)
            #expect(deficiency.simulated(image(width: 1, height: 1, grey)).color(x: 0, y: 0) == grey)
        }
    }

    @Test func simulationsKeepAlpha() {
        let translucent = PixelImage(width: 1, height: 1, rgba: [255, 59, 48, 100])
        #expect(ColorVisionDeficiency.deuteranopia.simulated(translucent).alpha(x: 0, y: 0) == 100)
        #expect(Achromatopsia.simulated(translucent).alpha(x: 0, y: 0) == 100)
    }

    @Test func achromatopsiaIsGreyOfTheSameLuminance() {
        let colours = [PixelColor(60, 160, 240), PixelColor(255, 59, 48), PixelColor(52, 199, 89), offWhite]
        let seen = Achromatopsia.simulated(image(width: colours.count, height: 1, offWhite) { x, _ in colours[x] })
        for (x, colour) in colours.enumerated() {
            let grey = seen.color(x: x, y: 0)
            #expect(grey.red == grey.green && grey.green == grey.blue)
            #expect(abs(grey.relativeLuminance - colour.relativeLuminance) < 0.005)
        }
    }

    @Test func lowVisionLeavesAFlatImageAlone() {
        let flat = image(width: 12, height: 9, offWhite)
        #expect(LowVisionModel(scale: 2).simulated(flat) == flat)
    }

    @Test func lowVisionBlursEdgesAndHalvesContrast() {
        let black = PixelColor(0, 0, 0), white = PixelColor(255, 255, 255)
        let halves = image(width: 80, height: 4, white) { x, _ in x < 40 ? black : nil }
        let seen = LowVisionModel(scale: 1).simulated(halves)
        // Far from the edge: linear 0 and 1 move halfway towards their mean 0.5 (k = 10^-0.3).
        let k = LowVisionModel.contrastFactor
        #expect(seen.color(x: 0, y: 0).red == SRGB.byte(linear: 0.5 - k * 0.5))
        #expect(seen.color(x: 79, y: 0).red == SRGB.byte(linear: 0.5 + k * 0.5))
        // At the edge the blur spreads light across several pixels.
        #expect(seen.color(x: 39, y: 0).red > seen.color(x: 0, y: 0).red)
        #expect(seen.color(x: 40, y: 0).red < seen.color(x: 79, y: 0).red)
    }

    @Test func theLowVisionParametersGiveTheDocumentedBlur() {
        // 4 arcminutes at 350 mm is 0.407 mm, 2.61 points of 0.156 mm; σ is half of that.
        #expect(abs(LowVisionModel.blurSigmaInPoints - 1.306) < 0.001)
        #expect(abs(LowVisionModel.contrastFactor - 0.501) < 0.001)
    }
}
