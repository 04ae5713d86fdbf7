import ReliefGeometry
import ReliefSpec

/// Seed 004's animated toggle at rest: a deep well as the track, bold green ON and red OFF labels,
/// and a raised knob over the label of the state it is not in.
struct SwitchView {
    /// Body text size of the labels, in points (Dynamic Type "large").
    static let labelSize = 17.0
    /// SwiftUI's default padding, which insets the labels from the track's ends.
    static let labelInset = 16.0

    var width: Double
    var height: Double
    /// How much wider than tall the knob's frame is.
    var knobExtraWidth: Double
    var cornerRadius: Double
    /// Inset of the knob inside its frame.
    var padding: Double
    var isOn: Bool
    var showsLabels: Bool

    func view(style: any NeumorphicStyle) -> View {
        let track = style.well(.roundedRectangle(cornerRadius: cornerRadius), depth: .deep)
            .frame(width: width, height: height)
        let labels = View.hStack([
            .text(TextRun("ON", size: Self.labelSize, weight: .bold, color: style.stateLabelColors.on)),
            .spacer,
            .text(TextRun("OFF", size: Self.labelSize, weight: .bold, color: style.stateLabelColors.off)),
        ])
        .padding(Self.labelInset)
        .frame(width: width, height: height)
        let knob = style.knob(.roundedRectangle(cornerRadius: cornerRadius), isOn: isOn)
            .padding(padding)
            .frame(width: height + knobExtraWidth, height: height)
        // A spacer before the knob pushes it to the right (on), after it to the left (off).
        let knobRow = View.hStack(isOn ? [.spacer, knob] : [knob, .spacer]).frame(width: width, height: height)
        return .zStack(showsLabels ? [track, labels, knobRow] : [track, knobRow])
    }
}
