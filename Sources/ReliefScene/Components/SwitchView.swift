import ReliefGeometry
import ReliefSpec

/// Seed 004's animated toggle at rest: a deep well as the track, a bold green word for on at its
/// left and a red one for off at its right (ON and OFF unless `onlabel` and `offlabel` say
/// otherwise), and a raised knob over the word of the state it is not in.
///
/// The knob and the track's height keep their geometry. A word wider than the one it replaces (ON
/// or OFF, in the same font) widens the track by the difference, so that it keeps the room ON and
/// OFF have beside the knob; `width` is a minimum, as it is for a labelled button. The knob hides
/// a word no wider than ON or OFF, as in the seed; a wider one could show past the knob's edge, so
/// it is drawn only in the state it names.
struct SwitchView {
    /// Body text size of the words, in points (Dynamic Type "large").
    static let labelSize = 17.0
    /// SwiftUI's default padding, which insets the words from the track's ends.
    static let labelInset = 16.0

    /// The track's width, grown for long words, and its height.
    var width: Double
    var height: Double
    /// How much wider than tall the knob's frame is.
    var knobExtraWidth: Double
    var cornerRadius: Double
    /// Inset of the knob inside its frame.
    var padding: Double
    var isOn: Bool
    /// The words drawn, each at its end of the track; none when glyphs are omitted.
    var onWord: TextRun?
    var offWord: TextRun?

    /// The switch of `spec` in `style`, its words measured with `shaper`; without them when
    /// `showsWords` is false, at the same width.
    init(spec: RenderSpec, style: any NeumorphicStyle, showsWords: Bool, shaper: any TextShaper) throws {
        let colors = style.stateLabelColors
        func word(_ text: String, _ color: Color) -> TextRun {
            TextRun(text, size: Self.labelSize, weight: .bold, color: color, font: spec.font, language: spec.language)
        }
        let on = word(spec.onLabel, colors.on), off = word(spec.offLabel, colors.off)
        // How much wider each word is than the default it replaces: ON and OFF cost nothing.
        let onExcess = try shaper.shape(on).advance - shaper.shape(word(RenderSpec.defaultOnLabel, colors.on)).advance
        let offExcess = try shaper.shape(off).advance - shaper.shape(word(RenderSpec.defaultOffLabel, colors.off)).advance
        width = spec.width + max(0, onExcess, offExcess)
        height = spec.height
        knobExtraWidth = spec.knob
        cornerRadius = spec.radius
        padding = spec.padding
        isOn = spec.isActive
        onWord = showsWords && (isOn || onExcess <= 0) ? on : nil
        offWord = showsWords && (!isOn || offExcess <= 0) ? off : nil
    }

    func view(style: any NeumorphicStyle) -> View {
        let track = style.well(.roundedRectangle(cornerRadius: cornerRadius), depth: .deep)
            .frame(width: width, height: height)
        let words = View.hStack([onWord.map(View.text) ?? .empty, .spacer, offWord.map(View.text) ?? .empty])
            .padding(Self.labelInset)
            .frame(width: width, height: height)
        let knob = style.knob(.roundedRectangle(cornerRadius: cornerRadius), isOn: isOn)
            .padding(padding)
            .frame(width: height + knobExtraWidth, height: height)
        // A spacer before the knob pushes it to the right (on), after it to the left (off).
        let knobRow = View.hStack(isOn ? [.spacer, knob] : [knob, .spacer]).frame(width: width, height: height)
        return .zStack(onWord == nil && offWord == nil ? [track, knobRow] : [track, words, knobRow])
    }
}
