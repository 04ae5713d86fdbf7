import ReliefAccessibility
import ReliefGeometry
import ReliefRender
import ReliefScene
import ReliefSpec

extension AccessibilityAudit {
    /// What the checks read off one spec's pixels.
    struct Measurements: Sendable {
        /// The icon or label against its fill; `nil` when the component draws no glyph.
        var label: PixelMeasurements.GlyphContrast?
        /// Whether the component draws a glyph at all (a glyph that matches its fill measures 1:1).
        var hasGlyph: Bool
        /// Whether the glyph counts as large text (WCAG: ≥ 18 pt, or ≥ 14 pt bold).
        var isLargeText: Bool
        /// The control's edge against its surroundings, and where it is weakest, in words.
        var control: PixelMeasurements.OutlineContrast
        var controlWeakestAt: String
        /// The largest difference between the two states; `nil` for stateless components.
        var state: PixelMeasurements.StateContrast?
        var stateAt: String
        /// The frame in points.
        var width: Double
        var height: Double
        /// Each choice of a control of choices (a segment, a tab), in order; empty for others.
        var choices: [Choice] = []
        /// A slider's knob against its track, and where it is weakest, in words; `nil` without a knob.
        var knob: PixelMeasurements.OutlineContrast?
        var knobWeakestAt = ""
        /// The typical colours of a value's fill and of the rest of its track; `nil` unless both show.
        var fill: (filled: PixelColor, rest: PixelColor)?
    }

    /// One choice of a control of choices, its own target: its words against its own surface
    /// (`nil` when none differ from it) and its share of the frame in points.
    struct Choice: Sendable {
        var label: PixelMeasurements.GlyphContrast?
        var width: Double
        var height: Double
    }

    /// How far inside and outside the outline the control check reads colours, in points: within a
    /// 4-point ring centred on the edge, and beyond it and its anti-aliasing.
    static let insideDepths = [0.5, 1, 1.5, 2, 3]
    public static let outsideDepths = [3.0, 4, 5]

    /// The most images one audit draws: with and without glyphs and in the other state, for the
    /// query and for its `contrast=high` variant.
    public static let mostImagesDrawn = 6

    /// The measurements' work per pixel of an image drawn, against a pixel of a plain render: two
    /// passes over its bytes (the glyph's colours, and the states' difference).
    public static let measurementWorkPerPixel = 0.1

    /// The most memory an audit of a `width` × `height` image holds at once: a render's
    /// (``Renderer/estimatedPeakBytes(width:height:simulation:)``), the image kept to compare
    /// with it, and a byte a pixel for the glyph's colours.
    public static func estimatedPeakBytes(width: Int, height: Int, simulation: RenderSpec.Simulation) -> Int {
        Renderer.estimatedPeakBytes(width: width, height: height, simulation: simulation) + 5 * width * height
    }

    /// Renders `spec` as needed (with and without glyphs, and in its other state) and measures it,
    /// reserving the audit's memory from `supervisor` once the scene's size is known.
    static func measure(_ asked: RenderSpec, renderer: Renderer, supervisor: RenderSupervisor) throws -> Measurements {
        // The canvas `/render` serves, its margin worked out once for both states: every image below
        // is drawn on it, and the component's outline, frame and parts are where it placed them.
        let served = try renderer.servedScreen(of: asked)
        guard let scene = served.componentScene else { preconditionFailure("a component's screen holds its component") }
        var spec = asked
        spec.output.margin = served.margin
        try supervisor.reserve(
            estimatedPeakBytes(width: served.pixels.width, height: served.pixels.height, simulation: spec.output.simulation))
        // Each image then draws within that reservation.
        let drawing = RenderSupervisor(reserve: { _ in }, isWanted: supervisor.isWanted)
        let bare = try renderer.image(for: spec, glyphs: .omitted, supervisor: drawing)
        let outline = ControlOutline(scene.outline.geometry(in: scene.outlineFrame).scaled(by: spec.output.scale))

        let ownWords = spec.component.audit.ownWords
        let hasGlyph = ownWords != nil || spec.component.face.map { $0.label != nil || $0.icon != .none } ?? false
        let bareImage = pixels(bare)
        let drawn = hasGlyph ? pixels(try renderer.image(for: spec, supervisor: drawing)) : nil
        let label = drawn.flatMap { PixelMeasurements.glyphContrast(withGlyph: $0, withoutGlyph: bareImage) }
        let isLargeText: Bool =
            if let ownWords {
                ownWords.isLargeText
            } else if spec.component.face?.label != nil, let textSize = spec.look.textSize {
                textSize.pointSize >= 18
            } else {
                false  // icons are held to the text thresholds, as the seeds advise
            }

        let scale = spec.output.scale
        let (inside, outside) = (insideDepths.map { $0 * scale }, outsideDepths.map { $0 * scale })
        let control = PixelMeasurements.outlineContrast(
            in: bareImage, outline: outline, insideDepths: inside, outsideDepths: outside)

        var state: PixelMeasurements.StateContrast?
        if spec.component.kind.changesState {
            state = PixelMeasurements.stateContrast(
                pixels(bare),
                pixels(try renderer.image(for: spec.otherState, glyphs: .omitted, supervisor: drawing)),
                within: outline)
        }
        var measured = Measurements(
            label: label, hasGlyph: hasGlyph, isLargeText: isLargeText,
            control: control, controlWeakestAt: outline.compassName(x: control.x, y: control.y),
            state: state, stateAt: state.map { outline.compassName(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5) } ?? "",
            width: scene.frame.width, height: scene.frame.height)
        switch scene.parts {
        case .whole:
            break
        case .choices(let shares):
            measured.choices = shares.map { share in
                let region = share.scaled(by: scale)
                let pixelRegion = (
                    x: Int(region.minX.rounded())..<Int(region.maxX.rounded()),
                    y: Int(region.minY.rounded())..<Int(region.maxY.rounded())
                )
                return Choice(
                    label: drawn.flatMap {
                        PixelMeasurements.glyphContrast(withGlyph: $0, withoutGlyph: bareImage, within: pixelRegion)
                    },
                    width: share.width, height: share.height)
            }
        case .value(let track):
            if let meets = track.knobMeets {
                let knob = PixelMeasurements.outlineContrast(
                    in: bareImage, outline: outline, insideDepths: inside, outsideDepths: outside,
                    against: meets.scaled(by: scale))
                measured.knob = knob
                measured.knobWeakestAt = outline.compassName(x: knob.x, y: knob.y)
            }
            func colour(at points: [Point]) -> PixelColor? {
                PixelMeasurements.typicalColour(
                    in: bareImage, at: points.map { (Int(($0.x * scale).rounded(.down)), Int(($0.y * scale).rounded(.down))) })
            }
            if let filled = colour(at: track.filled), let rest = colour(at: track.rest) {
                measured.fill = (filled, rest)
            }
        }
        return measured
    }

    private static func pixels(_ image: RenderedImage) -> PixelImage {
        PixelImage(width: image.width, height: image.height, rgba: image.rgba)
    }
}
