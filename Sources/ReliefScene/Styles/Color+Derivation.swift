import ReliefGeometry
import ReliefSpec

extension Color {
    /// The highlight and shadow of a surface of this colour, derived in OKLCH (docs/RENDERING.md,
    /// "Your colours"): lightness L + Δ and L − Δ with Δ = `intensity`, hue kept, chroma kept unless
    /// sRGB cannot show it at that lightness (then reduced just enough). Where one side would pass
    /// white or black it stops there and the other side moves by the rest, so the two stay 2Δ apart
    /// and even a white or black surface shows its relief: on white the highlight is white and the
    /// shadow L − 2Δ; on black the shadow is black and the highlight L + 2Δ. A tone that would round
    /// to the surface's own 8-bit colour moves on until it does not (a visible minimum of one step).
    public func reliefTones(intensity: Double) -> (highlight: Color, shadow: Color) {
        let lab = okLab
        var high = lab.lightness + intensity, low = lab.lightness - intensity
        if high > 1 {
            low -= high - 1
            high = 1
        }
        if low < 0 {
            high = min(1, high - low)
            low = 0
        }
        return (visibleTone(lab, lightness: high, step: 1), visibleTone(lab, lightness: low, step: -1))
    }

    /// The tone of `lab` at `lightness`, moved on in `step`s of 1/500 until its 8-bit colour
    /// differs from this one, where the gamut leaves room: near black one 8-bit step is already
    /// 0.067 in lightness, so a small intensity would otherwise round back to the surface.
    private func visibleTone(_ lab: OKLab, lightness: Double, step: Double) -> Color {
        var lightness = lightness
        var tone = Color(lab.mappedIntoSRGB(lightness: lightness))
        while tone == self, (0.002...0.998).contains(lightness) {
            lightness += step / 500
            tone = Color(lab.mappedIntoSRGB(lightness: lightness))
        }
        return tone
    }

    /// This colour's hue at `lightness` (scaled) and chroma (scaled), mapped into sRGB: how the
    /// colorful style's lightEnd follows from lightStart.
    func scaled(lightness lightnessRatio: Double, chroma chromaRatio: Double) -> Color {
        let lab = okLab
        return Color(
            OKLab(lightness: lab.lightness, chroma: lab.chroma * chromaRatio, hue: lab.hue)
                .mappedIntoSRGB(lightness: lab.lightness * lightnessRatio))
    }

    /// The tone of this colour's hue nearest to it in OKLab lightness that has at least `ratio`
    /// WCAG contrast with every colour of `neighbours`: lightness is searched darker and lighter in
    /// steps of 1/200, chroma mapped into sRGB at each step, and the nearer passing tone wins;
    /// `nil` when none passes. Black and white are among the tones, so against one colour a tone
    /// of at least 4.58:1 is always found.
    public func accessibleTone(against neighbours: [Color], ratio: Double) -> Color? {
        firstTone { tone in neighbours.allSatisfy { tone.contrastRatio(with: $0) >= ratio } }
    }

    /// ``accessibleTone(against:ratio:)`` of `hue`, throwing where no tone passes.
    static func reachingTone(of hue: Color, against neighbours: [Color], ratio: Double) throws(NoAccessibleTone) -> Color {
        guard let tone = hue.accessibleTone(against: neighbours, ratio: ratio) else { throw NoAccessibleTone() }
        return tone
    }

    /// ``accessibleTone(against:ratio:)`` of `hue`, and where no tone passes, the tone whose lowest
    /// contrast with `neighbours` is highest (the nearer of equals): against one colour, black or
    /// white, which stand out from any colour by at least 4.58:1.
    static func closestTone(of hue: Color, against neighbours: [Color], ratio: Double) -> Color {
        var closest = (tone: hue, lowest: 0.0)
        let passing = hue.firstTone { tone in
            let lowest = neighbours.map(tone.contrastRatio(with:)).min() ?? .infinity
            if lowest > closest.lowest { closest = (tone, lowest) }
            return lowest >= ratio
        }
        return passing ?? closest.tone
    }

    /// The first of this colour's tones for which `isWanted` holds: its hue at the OKLab lightnesses
    /// 0, 1/200, … 1, chroma mapped into sRGB at each, taken 0, −1, +1, −2, +2, … steps from its own.
    private func firstTone(where isWanted: (Color) -> Bool) -> Color? {
        let lab = okLab
        let steps = 200
        let start = Int((lab.lightness * Double(steps)).rounded())
        for distance in 0...steps {
            for step in distance == 0 ? [start] : [start - distance, start + distance] where (0...steps).contains(step) {
                let tone = Color(lab.mappedIntoSRGB(lightness: Double(step) / Double(steps)))
                if isWanted(tone) { return tone }
            }
        }
        return nil
    }

    /// The relief of this surface for `contrast=high`: the highlight and shadow at `intensity`, or
    /// less where `accessible` finds no tones that stand out from them (a mid-tone surface can
    /// leave no tone at 4.5:1 from both its highlight and its shadow). Δ, 7Δ/8, … Δ/8 are tried in
    /// turn; at 0 the surface is flat, one colour, and `flat` gives its tones, taking the closest
    /// where none reaches a target's tenth to spare: against a surface whose relative luminance
    /// lies between 0.178 and 0.18 (`008900`) no colour reaches 4.6:1, but black or white reaches
    /// 4.58:1, which passes WCAG's 4.5:1; the edge's 3.1:1 is always reached.
    func accessibleRelief<Accessible>(
        intensity: Double, _ accessible: (_ highlight: Color, _ shadow: Color) throws(NoAccessibleTone) -> Accessible,
        flat: () -> Accessible
    ) -> (highlight: Color, shadow: Color, accessible: Accessible) {
        for eighths in stride(from: 8, through: 1, by: -1) {
            let tones = reliefTones(intensity: intensity * Double(eighths) / 8)
            if let found = try? accessible(tones.highlight, tones.shadow) { return (tones.highlight, tones.shadow, found) }
        }
        return (self, self, flat())
    }

    /// The opaque colour this one shows over `background`: source-over in sRGB-encoded values, as
    /// the renderer composites (SPEC §1).
    func composited(over background: Color) -> Color {
        let a = alpha
        return Color(
            red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
            blue: blue * a + background.blue * (1 - a))
    }
}

extension Color {
    /// The colour a query writes as `rrggbb`.
    init(_ rgb: RenderSpec.RGB) {
        self.init(Int(rgb.red), Int(rgb.green), Int(rgb.blue))
    }
}

/// A tone search that found no tone with the contrast it was asked for.
struct NoAccessibleTone: Error {}

/// The contrasts `contrast=high` searches tones for: WCAG's 4.5:1 for text and icons (1.4.3) and
/// 3:1 for a control's edge (1.4.11), each with a tenth to spare for the anti-aliasing and gradient
/// steps that the audit measures on pixels.
enum TargetContrast {
    static let text = 4.6
    static let edge = 3.1
}
