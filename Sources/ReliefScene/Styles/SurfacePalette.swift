import ReliefGeometry
import ReliefSpec

/// The colours of the light and soft styles: a surface lit by a highlight and a shadow. The
/// articles' own (``light``, ``soft``), or derived from `color` and `intensity` (docs/RENDERING.md).
struct SurfacePalette {
    /// The background and the face.
    var surface: Color
    /// The outer shadows: dark towards the bottom-right, light towards the top-left.
    var shadow: Color
    var highlight: Color
    /// The blurred inner edges of pressed buttons and wells.
    var edgeShadow: Color
    var edgeHighlight: Color
    /// The icon and label at standard contrast.
    var foreground: Color
    /// What `contrast=high` draws: the icon and label, the outline at rest and pressed, and the
    /// switch's ON and OFF.
    var accessible: AccessibleColors

    /// The light style's article colours (SPEC §2, §3).
    static let light = SurfacePalette(
        surface: Palette.offWhite, shadow: .black.opacity(0.2), highlight: .white.opacity(0.7),
        edgeShadow: Palette.gray, edgeHighlight: .white, foreground: Palette.gray, accessible: .pale)

    /// Seed 004's colours.
    static let soft = SurfacePalette(
        surface: Palette.softMain, shadow: Palette.softDarkShadow, highlight: Palette.softLightShadow,
        edgeShadow: Palette.softDarkShadow, edgeHighlight: Palette.softLightShadow, foreground: Palette.gray,
        accessible: .pale)

    /// The face: the surface colour, or for `surface=concave|convex` a gradient along the light
    /// between the shadow and the highlight as they show over the surface.
    func face(_ kind: RenderSpec.Surface) -> Fill {
        .shaded(
            kind, flat: .color(surface), highlight: highlight.composited(over: surface),
            shadow: shadow.composited(over: surface))
    }
}

extension SurfacePalette {
    /// The palette of `style` (light or soft) for `look`: the article's unless the query gives a
    /// `color` or another `intensity`, then derived from that surface (the article's where only
    /// intensity is given). The accessible colours are searched only for `contrast=high`, which
    /// lowers the intensity where no tone would stand out from a mid-tone surface's relief.
    init(_ article: SurfacePalette, style: RenderSpec.Style, look: RenderSpec.Look) {
        guard look.color.custom != nil || look.intensity != style.ownIntensity else {
            self = article
            return
        }
        let surface = look.color.custom.map(Color.init) ?? article.surface
        let tones: (highlight: Color, shadow: Color)
        var accessible = article.accessible
        if look.contrast == .high {
            let relief = surface.accessibleRelief(intensity: look.intensity) {
                (highlight, shadow) throws(NoAccessibleTone) in
                try AccessibleColors(on: [surface, shadow, highlight], hue: surface, tone: Color.reachingTone)
            } flat: {
                AccessibleColors(on: [surface], hue: surface, tone: Color.closestTone)
            }
            (tones, accessible) = ((relief.highlight, relief.shadow), relief.accessible)
        } else {
            tones = surface.reliefTones(intensity: look.intensity)
        }
        self.init(
            surface: surface, shadow: tones.shadow, highlight: tones.highlight,
            edgeShadow: tones.shadow, edgeHighlight: tones.highlight, foreground: article.foreground,
            accessible: accessible)
    }
}

/// The colours `contrast=high` draws where a style's edge, icon or labels do not stand out.
struct AccessibleColors {
    /// The icon and label.
    var foreground: Color
    /// The 4-point outline at rest, and pressed (or on).
    var outline: Color
    var pressedOutline: Color
    /// The switch's ON and OFF.
    var stateLabels: (on: Color, off: Color)

    /// The article-palette variants of the light and soft styles (docs/ACCESSIBILITY.md).
    static let pale = AccessibleColors(
        foreground: Palette.strongGray, outline: Palette.outlineGray,
        pressedOutline: Palette.pressedOutline,
        stateLabels: (Palette.strongGreen, Palette.strongRed))
}

extension AccessibleColors {
    /// Tones that stand out from every colour of `surroundings` (the surface, its shadow and
    /// highlight): the outline at 3:1 (WCAG 1.4.11) in the hue of `hue`, the icon, label and
    /// pressed outline at 4.5:1 (1.4.3), and the system green and red at 4.5:1 in their own hues;
    /// each found by `tone` (a hue, what it stands out from, the contrast), which throws where it
    /// finds none.
    init<Failure: Error>(
        on surroundings: [Color], hue: Color,
        tone: (Color, [Color], Double) throws(Failure) -> Color
    ) throws(Failure) {
        let text = try tone(hue, surroundings, TargetContrast.text)
        let outline = try tone(hue, surroundings, TargetContrast.edge)
        let on = try tone(Palette.green, surroundings, TargetContrast.text)
        let off = try tone(Palette.red, surroundings, TargetContrast.text)
        self.init(foreground: text, outline: outline, pressedOutline: text, stateLabels: (on, off))
    }
}

extension Fill {
    /// A face for `surface`: `flat` as the recipe has it, `concave` from `shadow` on the lit side
    /// (the top-left before the light turns) to `highlight`, `convex` the other way round.
    static func shaded(_ surface: RenderSpec.Surface, flat: Fill, highlight: Color, shadow: Color) -> Fill {
        switch surface {
        case .flat: flat
        case .concave: .diagonal(shadow, highlight)
        case .convex: .diagonal(highlight, shadow)
        }
    }
}
