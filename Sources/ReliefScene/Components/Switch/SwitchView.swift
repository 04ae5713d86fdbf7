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
///
/// In an animation (SPEC §8) the knob leaves its end: its frame stretches and it stands part way
/// along the track, where the seed's HStack puts it while the spring carries it across.
struct SwitchView {
    /// Where the knob stands.
    enum KnobPosition: Sendable, Hashable {
        /// At the end of the switch's state, as the seed's spacer puts it.
        case atRest
        /// Part way: its frame `stretch` × (width − height) wider than at rest, its left edge
        /// `share` of the free track from the off end (0) towards the on end (1). Both land on
        /// whole pixels of the track, so that a knob the spring has all but brought to rest
        /// draws the same pixels from one frame to the next.
        case moving(stretch: Double, share: Double)
    }

    /// Body text size of the words, in points (Dynamic Type "large").
    static let labelSize = 17.0
    /// SwiftUI's default padding, which insets the words from the track's ends.
    static let labelInset = 16.0

    /// The track's width, grown for long words, and its height.
    var width: Double
    var height: Double
    /// How much wider than tall the knob's frame is.
    var knobExtraWidth: Double
    /// Pixels per point of the image, whose grid a moving knob lands on.
    var scale: Double
    var cornerRadius: Double
    /// Inset of the knob inside its frame.
    var padding: Double
    var isOn: Bool
    /// The words drawn, each at its end of the track; none when glyphs are omitted.
    var onWord: TextRun?
    var offWord: TextRun?

    /// The switch `control` in `style`, its words in `look`'s font measured with `shaper`, drawn at
    /// `scale`; without the words when `showsWords` is false, at the same width.
    init(
        _ control: RenderSpec.SwitchOptions, look: RenderSpec.Look, scale: Double, style: any NeumorphicStyle,
        showsWords: Bool, shaper: any TextShaper
    ) throws {
        let colors = style.stateLabelColors
        func word(_ text: String, _ color: Color) -> TextRun {
            TextRun(text, size: Self.labelSize, weight: .bold, color: color, font: look.wordsFont, language: look.language)
        }
        let on = word(control.onLabel, colors.on), off = word(control.offLabel, colors.off)
        // How much wider each word is than the default it replaces: ON and OFF cost nothing.
        let onExcess = try shaper.advance(of: on) - shaper.advance(of: word(RenderSpec.defaultOnLabel, colors.on))
        let offExcess = try shaper.advance(of: off) - shaper.advance(of: word(RenderSpec.defaultOffLabel, colors.off))
        width = control.frame.width + max(0, onExcess, offExcess)
        height = control.frame.height
        knobExtraWidth = control.knob
        self.scale = scale
        cornerRadius = control.frame.radius
        padding = control.padding
        isOn = control.isOn
        onWord = showsWords && (isOn || onExcess <= 0) ? on : nil
        offWord = showsWords && (!isOn || offExcess <= 0) ? off : nil
    }

    func view(style: any NeumorphicStyle, knob position: KnobPosition = .atRest) -> View {
        let well = style.wellParts(.roundedRectangle(cornerRadius: cornerRadius), depth: .deep)
        let track = well.sunk.frame(width: width, height: height)
        // Over the knob, whose shadows would otherwise fade the edge where the knob comes near it.
        let edge = well.edge.map { [$0.frame(width: width, height: height)] } ?? []
        let words = View.hStack([onWord.map(View.text) ?? .empty, .spacer, offWord.map(View.text) ?? .empty])
            .padding(Self.labelInset)
            .frame(width: width, height: height)
        let knob = { (frameWidth: Double) in
            style.knob(.roundedRectangle(cornerRadius: cornerRadius), isOn: isOn)
                .padding(padding)
                .frame(width: frameWidth, height: height)
        }
        let row: [View]
        switch position {
        case .atRest:
            // A spacer before the knob pushes it to the right (on), after it to the left (off).
            row = isOn ? [.spacer, knob(height + knobExtraWidth)] : [knob(height + knobExtraWidth), .spacer]
        case let .moving(stretch, share):
            let onGrid = { (length: Double) in (length * scale).rounded() / scale }
            let frameWidth = onGrid(height + knobExtraWidth + (width - height) * stretch)
            row = [View.empty.frame(width: onGrid((width - frameWidth) * share)), knob(frameWidth), .spacer]
        }
        let knobRow = View.hStack(row).frame(width: width, height: height)
        return .zStack((onWord == nil && offWord == nil ? [track, knobRow] : [track, words, knobRow]) + edge)
    }
}
