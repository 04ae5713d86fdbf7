import ReliefGeometry
import ReliefSpec
import Testing

@testable import ReliefScene

/// docs/RENDERING.md's derivation of highlight and shadow from a surface colour, in OKLCH.
@Suite("Colour derivation")
struct ColourDerivationTests {
    /// Black, white, mid-grey, a saturated blue, and the articles' surfaces.
    static let surfaces: [(name: String, color: Color)] = [
        ("black", .black), ("white", .white), ("mid-grey", Color(119, 119, 119)), ("blue", Color(0, 0, 255)),
        ("offWhite", Palette.offWhite), ("softMain", Palette.softMain), ("darkStart", Palette.darkStart),
        ("darkEnd", Palette.darkEnd), ("lightStart", Palette.lightStart),
    ]

    /// What 8-bit rounding may take from a lightness step: little, except near black, where the
    /// first step above black, (1, 1, 1), is already at L = 0.067.
    static func rounding(near lightness: Double) -> Double {
        lightness < 0.1 ? 0.04 : 0.006
    }
    static let rounding = 0.006

    @Test func okLabRoundTripsEveryGrey() {
        for level in stride(from: 0, through: 255, by: 15) {
            let grey = Color(level, level, level)
            #expect(Color(grey.okLab) == grey)
            #expect(grey.okLab.chroma < 1e-4)
        }
        // Ottosson's reference value: sRGB white is L = 1, and blue keeps its published hue.
        #expect(abs(Color.white.okLab.lightness - 1) < 1e-6)
        #expect(abs(Color(0, 0, 255).okLab.hue * 180 / .pi - (-95.97)) < 0.1)
    }

    @Test(arguments: [0.01, 0.07, 0.1, 0.2, 0.4, 0.6])
    func highlightIsLighterAndShadowDarkerByTheIntensityWhereTheGamutAllows(intensity: Double) {
        for (name, surface) in Self.surfaces {
            let tones = surface.reliefTones(intensity: intensity)
            let (l, high, low) = (surface.okLab.lightness, tones.highlight.okLab.lightness, tones.shadow.okLab.lightness)
            let tolerance = Self.rounding(near: low)
            // The span is 2Δ at least (more only where the visible minimum of one step takes over).
            #expect(high - low > min(2 * intensity, 1) - tolerance, "\(name) at \(intensity)")
            if l + intensity <= 1, l - intensity >= 0 {
                #expect(abs(high - (l + intensity)) < Self.rounding(near: high), "\(name) highlight at \(intensity)")
                #expect(abs(low - (l - intensity)) < tolerance, "\(name) shadow at \(intensity)")
            }
            // Every surface shows relief where the gamut allows, by at least one 8-bit step: the
            // highlight is lighter unless the surface is white, the shadow darker unless it is black.
            #expect(high >= l - 1e-9 && low <= l + 1e-9)
            #expect(tones.highlight != surface || surface == .white, "\(name) at \(intensity): no highlight")
            #expect(tones.shadow != surface || surface == .black, "\(name) at \(intensity): no shadow")
        }
    }

    @Test func blackAndWhiteStillShowTheirRelief() {
        let onBlack = Color.black.reliefTones(intensity: 0.1)
        #expect(onBlack.shadow == .black)
        #expect(abs(onBlack.highlight.okLab.lightness - 0.2) < Self.rounding)
        let onWhite = Color.white.reliefTones(intensity: 0.1)
        #expect(onWhite.highlight == .white)
        #expect(abs(onWhite.shadow.okLab.lightness - 0.8) < Self.rounding)
    }

    @Test func hueIsKept() {
        for (name, surface) in Self.surfaces where surface.okLab.chroma > 0.02 {
            let tones = surface.reliefTones(intensity: 0.1)
            for tone in [tones.highlight, tones.shadow] {
                var turn = abs(tone.okLab.hue - surface.okLab.hue)
                turn = min(turn, 2 * .pi - turn)
                #expect(turn < 0.05, "\(name): the hue turned by \(turn) radians")
            }
        }
    }

    /// Saturated blue cannot keep its chroma at a higher lightness: chroma is reduced until sRGB
    /// holds it, no further, and the lightness is what was asked.
    @Test func chromaIsReducedOnlyAsFarAsTheGamutNeeds() {
        let blue = Color(0, 0, 255).okLab
        let mapped = blue.mappedIntoSRGB(lightness: 0.6)
        #expect(mapped.isInSRGB)
        #expect(mapped.chroma < blue.chroma)
        #expect(!OKLab(lightness: 0.6, chroma: mapped.chroma + 0.001, hue: blue.hue).isInSRGB)
        #expect(abs(mapped.lightness - 0.6) < 1e-12)
    }

    @Test func theArticlesPalettesGiveTheirOwnIntensitiesBack() {
        // Half the OKLab lightness between each article's highlight and shadow over its surface.
        let light =
            (Color.white.opacity(0.7).composited(over: Palette.offWhite).okLab.lightness
                - Color.black.opacity(0.2).composited(over: Palette.offWhite).okLab.lightness) / 2
        let soft = (Palette.softLightShadow.okLab.lightness - Palette.softDarkShadow.okLab.lightness) / 2
        let dark = (Palette.darkStart.okLab.lightness - Palette.darkEnd.okLab.lightness) / 2
        #expect(abs(light - RenderSpec.Style.light.ownIntensity) < 0.005)
        #expect(abs(soft - RenderSpec.Style.soft.ownIntensity) < 0.005)
        #expect(abs(dark - RenderSpec.Style.dark.ownIntensity) < 0.005)
        #expect(RenderSpec.Style.colorful.ownIntensity == RenderSpec.Style.dark.ownIntensity)
    }

    @Test func anAccentGivesTheRingsEndWithTheArticlesRatio() throws {
        let spec = try RenderSpec.parse(query: "style=colorful&accent=3ca0f0")
        let palette = CushionPalette(style: .colorful, look: spec.look)
        #expect(palette.ringStart == Palette.lightStart)
        // lightStart's own derived end is lightEnd, within rounding.
        for (derived, article) in [
            (palette.ringEnd.red, Palette.lightEnd.red), (palette.ringEnd.green, Palette.lightEnd.green),
            (palette.ringEnd.blue, Palette.lightEnd.blue),
        ] {
            #expect(abs(derived - article) * 255 <= 1.01)
        }
    }

    @Test func aGivenColourIsTheSurfaceExactly() throws {
        for style in ["light", "soft"] {
            let spec = try RenderSpec.parse(query: "style=\(style)&color=12ab9c")
            let scene = try Scene(spec: spec, shaper: MonospacedShaper())
            #expect(scene.background == .color(Color(0x12, 0xab, 0x9c)))
        }
    }

    @Test func theAccessibleToneIsTheNearestThatPasses() throws {
        let grey = Color(119, 119, 119)
        let tone = try #require(grey.accessibleTone(against: [grey], ratio: 4.5))
        #expect(tone.contrastRatio(with: grey) >= 4.5)
        // One step nearer does not pass.
        let nearer = Color(
            grey.okLab.mappedIntoSRGB(lightness: tone.okLab.lightness + (tone.okLab.lightness < 0.5 ? 0.005 : -0.005)))
        #expect(nearer.contrastRatio(with: grey) < 4.5)
        #expect(grey.accessibleTone(against: [.black, .white], ratio: 5) == nil)
    }
}

/// Surfaces where `contrast=high` once stopped the process: their relative luminance lies between
/// 0.178 and 0.18, where no colour has 4.6:1 against them, the tone search's target.
@Suite("contrast=high on mid-tone surfaces")
struct MidToneContrastTests {
    static let midTones = ["008900", "006cff", "007bc0", "c302ef", "148193", "d2367f", "0c8747"]

    static func color(_ hex: String) -> Color {
        let value = Int(hex, radix: 16) ?? 0
        return Color(value >> 16, value >> 8 & 0xFF, value & 0xFF)
    }

    @Test(arguments: midTones)
    func noToneReachesTheTargetButBlackOrWhitePassesWCAG(hex: String) {
        let surface = Self.color(hex)
        #expect((0.178...0.18).contains(surface.relativeLuminance))
        #expect(surface.accessibleTone(against: [surface], ratio: TargetContrast.text) == nil)
        let closest = Color.closestTone(of: surface, against: [surface], ratio: TargetContrast.text)
        #expect(closest == .black || closest == .white)
        #expect(closest.contrastRatio(with: surface) >= 4.58)
        // Where a tone reaches the target, the closest is that tone.
        #expect(
            Color.closestTone(of: surface, against: [surface], ratio: TargetContrast.edge)
                == surface.accessibleTone(against: [surface], ratio: TargetContrast.edge))
    }

    @Test(arguments: midTones, RenderSpec.Style.allCases)
    func everyComponentIsDrawnWithTonesThatPassWCAG(hex: String, style: RenderSpec.Style) throws {
        for component in RenderSpec.ComponentKind.allCases {
            let spec = try RenderSpec.parse(
                query: "color=\(hex)&contrast=high&style=\(style.rawValue)&component=\(component.rawValue)")
            _ = try Scene(spec: spec, shaper: MonospacedShaper())
        }
        let spec = try RenderSpec.parse(query: "color=\(hex)&contrast=high&style=\(style.rawValue)")
        let surface = Self.color(hex)
        switch style {
        case .light, .soft:
            let palette = SurfacePalette(style == .light ? .light : .soft, style: style, look: spec.look)
            let around = [palette.surface, palette.shadow, palette.highlight]
            for text in [palette.accessible.foreground, palette.accessible.stateLabels.on, palette.accessible.stateLabels.off] {
                #expect(around.allSatisfy { text.contrastRatio(with: $0) >= 4.5 })
            }
            #expect(around.allSatisfy { palette.accessible.outline.contrastRatio(with: $0) >= TargetContrast.edge })
        case .dark, .colorful:
            let palette = CushionPalette(style: style, look: spec.look)
            let around = [palette.start, palette.end, surface]
            #expect(around.allSatisfy { palette.accessible.foreground.contrastRatio(with: $0) >= 4.5 })
            #expect(around.allSatisfy { palette.accessible.outline.contrastRatio(with: $0) >= TargetContrast.edge })
            #expect(around.allSatisfy { palette.accessible.ring.end.contrastRatio(with: $0) >= TargetContrast.edge })
        }
    }
}
