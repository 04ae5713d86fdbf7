import ReliefGeometry
import ReliefMotion
import ReliefSpec

/// The layout a segmented control and a tab bar share (docs/CONTROLS.md): the frame cut into equal
/// shares, one per choice, the first at the leading edge (the right when the control's text reads
/// right to left), and the chosen part inset inside the chosen share.
struct ChoiceShares {
    var count: Int
    /// The whole frame.
    var size: Size
    /// Whether the first choice sits at the right.
    var isRightToLeft: Bool

    /// The width of one share.
    var shareWidth: Double {
        size.width / Double(count)
    }

    /// The left edge of the share of choice `number` (1 for the first).
    func left(of number: Int) -> Double {
        shareWidth * Double(isRightToLeft ? count - number : number - 1)
    }

    /// Each choice's share of the frame, in the choices' order: its own touch target.
    var frames: [Rect] {
        (1...count).map { Rect(x: left(of: $0), y: 0, width: shareWidth, height: size.height) }
    }

    /// `part` inset by `inset` inside the share of choice `number`, over the whole frame. The two
    /// states of an animation build the same tree, so only the share's edge moves between them.
    func chosen(_ part: View, at number: Int, inset: Double) -> View {
        View.hStack([View.empty.frame(width: left(of: number)), part.padding(inset).frame(width: shareWidth), .spacer])
            .frame(width: size.width, height: size.height)
    }

    /// `contents`, one per choice in order, each centred in its share.
    func row(_ contents: [View]) -> View {
        let shares = contents.map { $0.frame(width: shareWidth, height: size.height) }
        return View.hStack(isRightToLeft ? shares.reversed() : shares).frame(width: size.width, height: size.height)
    }

    /// The outline of a frame asked for `requested` with corner `radius`, grown to ``size``: the
    /// radius grows with the height, so that a capsule stays one.
    func outline(requested: RenderSpec.Frame) -> (shape: SceneShape, radius: Double) {
        let radius = requested.radius * size.height / requested.height
        return (.roundedRectangle(cornerRadius: radius), radius)
    }

    /// The timeline of the chosen part of `count` shares across a frame `frameWidth` points wide,
    /// carried by seed 004's spring from the share `selection` starts from to the chosen one's, at
    /// `scale` pixels per point.
    static func slide(_ selection: RenderSpec.Selection, count: Int, frameWidth: Double, scale: Double) -> Timeline {
        let shares = abs(Double(selection.selected - selection.start))
        return .springSlide(travel: shares * frameWidth / Double(count) * scale)
    }
}
