import ReliefGeometry
import ReliefSpec

/// A node of a scene: a value tree of shapes, text and modifiers that reads like the SwiftUI it
/// describes (`shape.fill(...).overlay(...).shadow(...)`).
///
/// Views hold no pixels: layout (``View/placed(in:shaper:)``) gives every node its frame, then any
/// back end walks the result. An animation's frames are views too, interpolated between two states
/// (``View/interpolated(to:by:)``).
public indirect enum View: Sendable, Hashable {
    /// Draws nothing and takes no space.
    case empty
    /// A shape filled with paint, taking its whole proposed frame.
    case fill(SceneShape, Fill)
    /// A shape's outline stroked with paint, `lineWidth` points wide, centred on the outline.
    case stroke(SceneShape, Fill, lineWidth: Double)
    /// Text on one line, centred in its frame.
    case text(TextRun)
    /// Lines of text stacked top to bottom, each centred, the block centred in its frame.
    case lines([TextRun])
    /// A vector drawing in a unit square, scaled to `size` points and centred in its frame.
    case artwork(Path, size: Double, Fill)
    /// Flexible space in a stack.
    case spacer
    /// Children drawn on top of each other, each in the whole frame.
    case zStack([View])
    /// Children side by side, `spacing` points apart: fixed-width ones first, the rest of the width
    /// shared by flexible ones.
    case hStack([View], spacing: Double = 0)
    /// Children top to bottom, `spacing` points apart: fixed-height ones first, the rest of the height
    /// shared by flexible ones.
    case vStack([View], spacing: Double)
    /// The child in a frame of the given size (nil keeps the proposed one), centred.
    case frame(View, width: Double?, height: Double?)
    /// The child inset by `amount` points on every side.
    case padding(View, Double)
    /// `overlay` drawn over `base` in the same frame.
    case overlay(View, View)
    /// Beneath its content, the content's alpha blurred, moved and tinted.
    case shadow(View, Shadow)
    /// Colour and alpha blurred together; radius is σ in points.
    case blur(View, radius: Double)
    /// The drawing moved; the frame stays. A recipe's offset, which turns and scales with the light
    /// (``lit(by:)``), as a shadow's does.
    case offset(View, x: Double, y: Double)
    /// The drawing moved to its place in the frame, by a component's or a screen's own layout (a text
    /// field's words, a slider's knob); the frame stays. Unlike ``offset(_:x:y:)``, the light leaves it
    /// where it is: where a part stands does not depend on where the light comes from or how far.
    case layoutOffset(View, x: Double, y: Double)
    /// The content kept where the mask has alpha, multiplied by it.
    case mask(View, View)
    /// The child's alpha multiplied by an amount in 0...1, as it fades in or out of a transition.
    case opacity(View, Double)
}

/// `.shadow(color:radius:x:y:)`: radius is the Gaussian's σ in points.
public struct Shadow: Sendable, Hashable {
    public var color: Color
    public var radius: Double
    public var x: Double
    public var y: Double

    public init(color: Color, radius: Double, x: Double, y: Double) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
}

/// One line of text and how it is drawn.
public struct TextRun: Sendable, Hashable {
    public var string: String
    /// Point size.
    public var size: Double
    public var weight: TextWeight
    public var color: Color
    /// The family of letters, each with its own fallbacks for other scripts.
    public var font: RenderSpec.Font
    /// The BCP 47 tag of the text's language, which picks regional glyph forms and line-breaking
    /// rules; nil lets the text's scripts decide.
    public var language: String?

    public init(
        _ string: String, size: Double, weight: TextWeight, color: Color, font: RenderSpec.Font = .sans,
        language: String? = nil
    ) {
        self.string = string
        self.size = size
        self.weight = weight
        self.color = color
        self.font = font
        self.language = language
    }
}

/// The weight of a font.
public enum TextWeight: Sendable, Hashable {
    case regular, semibold, bold
}
