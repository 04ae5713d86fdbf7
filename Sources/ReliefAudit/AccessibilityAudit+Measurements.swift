import ReliefAccessibility
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
    static func measure(_ spec: RenderSpec, renderer: Renderer, supervisor: RenderSupervisor) throws -> Measurements {
        let scene = try renderer.scene(for: spec)
        let size = try Renderer.allowedPixelSize(of: scene, spec: spec)
        try supervisor.reserve(estimatedPeakBytes(width: size.width, height: size.height, simulation: spec.output.simulation))
        // Each image then draws within that reservation.
        let drawing = RenderSupervisor(reserve: { _ in }, isWanted: supervisor.isWanted)
        let bare = try renderer.image(for: spec, glyphs: .omitted, supervisor: drawing)
        let outline = ControlOutline(scene.outline.geometry(in: scene.outlineFrame).scaled(by: spec.output.scale))

        let ownWords = spec.component.audit.ownWords
        let hasGlyph = ownWords != nil || spec.component.face.map { $0.label != nil || $0.icon != .none } ?? false
        let label =
            hasGlyph
            ? PixelMeasurements.glyphContrast(
                withGlyph: pixels(try renderer.image(for: spec, supervisor: drawing)),
                withoutGlyph: pixels(bare))
            : nil
        let isLargeText: Bool =
            if let ownWords {
                ownWords.isLargeText
            } else if spec.component.face?.label != nil, let textSize = spec.look.textSize {
                textSize.pointSize >= 18
            } else {
                false  // icons are held to the text thresholds, as the seeds advise
            }

        let control = PixelMeasurements.outlineContrast(
            in: pixels(bare), outline: outline,
            insideDepths: insideDepths.map { $0 * spec.output.scale }, outsideDepths: outsideDepths.map { $0 * spec.output.scale }
        )

        var state: PixelMeasurements.StateContrast?
        if spec.component.kind.changesState {
            state = PixelMeasurements.stateContrast(
                pixels(bare),
                pixels(try renderer.image(for: spec.otherState, glyphs: .omitted, supervisor: drawing)),
                within: outline)
        }
        return Measurements(
            label: label, hasGlyph: hasGlyph, isLargeText: isLargeText,
            control: control, controlWeakestAt: outline.compassName(x: control.x, y: control.y),
            state: state, stateAt: state.map { outline.compassName(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5) } ?? "",
            width: scene.frame.width, height: scene.frame.height)
    }

    private static func pixels(_ image: RenderedImage) -> PixelImage {
        PixelImage(width: image.width, height: image.height, rgba: image.rgba)
    }
}
