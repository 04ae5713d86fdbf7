import ReliefGeometry
import ReliefSpec

/// The colours of the dark and colorful styles: a cushion from a lit start to a shaded end, and
/// the colorful style's blue ring. The articles' own (``article``), or derived from `color`,
/// `intensity` and `accent` (docs/RENDERING.md).
struct CushionPalette {
    /// The dark gradient's lit and shaded ends; also the two outer shadows.
    var start: Color
    var end: Color
    /// The deepest edge of a well.
    var wellShadow: Color
    /// The colorful ring, from its lit end to its shaded end; the pressed fill runs the other way.
    var ringStart: Color
    var ringEnd: Color
    /// What `contrast=high` draws.
    var accessible: AccessibleCushionColors

    /// SPEC §2's darkStart, darkEnd, lightStart and lightEnd.
    static let article = CushionPalette(
        start: Palette.darkStart, end: Palette.darkEnd, wellShadow: .black,
        ringStart: Palette.lightStart, ringEnd: Palette.lightEnd, accessible: .article)

    /// The cushion at rest, lit from the start: the recipe's face, or shaded for `surface`.
    func face(_ surface: RenderSpec.Surface) -> Fill {
        .shaded(surface, flat: .diagonal(start, end), highlight: start, shadow: end)
    }

    /// The middle of the articles' dark gradient in OKLab.
    static let articleMiddle: Color = {
        let (a, b) = (Palette.darkStart.okLab, Palette.darkEnd.okLab)
        return Color(OKLab(lightness: (a.lightness + b.lightness) / 2, a: (a.a + b.a) / 2, b: (a.b + b.b) / 2))
    }()

    /// lightEnd's OKLab lightness and chroma over lightStart's.
    static let ringLightnessRatio = Palette.lightEnd.okLab.lightness / Palette.lightStart.okLab.lightness
    static let ringChromaRatio = Palette.lightEnd.okLab.chroma / Palette.lightStart.okLab.chroma
}

extension CushionPalette {
    /// The article's palette unless the query gives `color`, another `intensity` or an `accent`.
    /// `color` is the middle of the gradient (the articles' middle, the OKLab mean of darkStart
    /// and darkEnd, where only intensity is given); start and end are its highlight and shadow,
    /// and the well's deepest edge is the shadow of the end. `accent` is the ring's start; its
    /// end keeps the article's ratios of OKLab lightness and chroma (lightEnd over lightStart).
    init(style: RenderSpec.Style, look: RenderSpec.Look) {
        let article = Self.article
        let accent = look.accent?.custom.map(Color.init)
        let keepsCushion = look.color.custom == nil && look.intensity == style.ownIntensity
        guard !keepsCushion || accent != nil else {
            self = article
            return
        }
        let ringStart = accent ?? article.ringStart
        let ringEnd =
            accent.map { $0.scaled(lightness: Self.ringLightnessRatio, chroma: Self.ringChromaRatio) }
            ?? article.ringEnd
        var start = article.start, end = article.end, wellShadow = article.wellShadow, accessible = article.accessible
        let middle = look.color.custom.map(Color.init) ?? Self.articleMiddle
        if look.contrast == .high {
            let relief = middle.accessibleRelief(intensity: look.intensity) { (highlight, shadow) throws(NoAccessibleTone) in
                try AccessibleCushionColors(
                    start: highlight, end: shadow, middle: middle, ringStart: ringStart,
                    ringEnd: ringEnd, tone: Color.reachingTone)
            } flat: {
                AccessibleCushionColors(
                    start: middle, end: middle, middle: middle, ringStart: ringStart, ringEnd: ringEnd,
                    tone: Color.closestTone)
            }
            (start, end, accessible) = (relief.highlight, relief.shadow, relief.accessible)
        } else if !keepsCushion {
            (start, end) = middle.reliefTones(intensity: look.intensity)
        }
        if look.contrast == .high || !keepsCushion {
            wellShadow = end.reliefTones(intensity: look.intensity).shadow
        }
        self.init(
            start: start, end: end, wellShadow: wellShadow, ringStart: ringStart, ringEnd: ringEnd,
            accessible: accessible)
    }
}

/// The colours `contrast=high` draws on a cushion.
struct AccessibleCushionColors {
    /// The icon and label.
    var foreground: Color
    /// The dark style's ring at rest and pressed.
    var outline: Color
    var pressedOutline: Color
    /// The colorful ring, from its lit end, and the pressed fill, from its lit end.
    var ring: (start: Color, end: Color)
    var pressedFill: (start: Color, end: Color)

    /// The articles' variants (docs/ACCESSIBILITY.md): a silver ring that turns white when
    /// pressed; the colorful ring brightened, its pressed fill darkened where the icon sits.
    static let article = AccessibleCushionColors(
        foreground: .white, outline: Palette.outlineSilver, pressedOutline: .white,
        ring: (Palette.ringBright, Palette.lightStart), pressedFill: (Palette.lightEnd, Palette.pressedBlue))
}

extension AccessibleCushionColors {
    /// Tones for a cushion from `start` to `end` around `middle`: the icon
    /// at 4.5:1 against them in the middle's hue, the dark ring at 3:1 (4.5:1 pressed), the
    /// colorful ring from 4.5:1 to 3:1 in the accent's hue, and the pressed fill toned until the
    /// icon has 4.5:1 on it; each found by `tone` (a hue, what it stands out from, the contrast),
    /// which throws where it finds none. A gradient's two ends are kept on one side of what they
    /// must stand out from (one end repeats the other where they would not be), so its middle
    /// cannot fade into it.
    init<Failure: Error>(
        start: Color, end: Color, middle: Color, ringStart: Color, ringEnd: Color,
        tone: (Color, [Color], Double) throws(Failure) -> Color
    ) throws(Failure) {
        let surroundings = [start, end, middle]
        let foreground = try tone(middle, surroundings, TargetContrast.text)
        let outline = try tone(middle, surroundings, TargetContrast.edge)
        let ring = try tone(ringStart, surroundings, TargetContrast.edge)
        let pressed = try tone(ringStart, [foreground], TargetContrast.text)
        let brightRing = ringStart.accessibleTone(against: surroundings, ratio: TargetContrast.text)
        let pressedStart = ringEnd.accessibleTone(against: [foreground], ratio: TargetContrast.text)
        self.init(
            foreground: foreground, outline: outline, pressedOutline: foreground,
            ring: (Self.sameSide(brightRing, as: ring, of: middle), ring),
            pressedFill: (Self.sameSide(pressedStart, as: pressed, of: foreground), pressed))
    }

    /// `tone` if it lies on the same side of `reference` as `other` in OKLab lightness, else `other`.
    private static func sameSide(_ tone: Color?, as other: Color, of reference: Color) -> Color {
        let side = { (color: Color) in color.okLab.lightness < reference.okLab.lightness }
        guard let tone, side(tone) == side(other) else { return other }
        return tone
    }
}
