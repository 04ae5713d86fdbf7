import ReliefGeometry
import ReliefSpec

/// The project's vector drawing of an icon: filled with the non-zero rule, in a unit em square.
public enum IconArtwork {
    /// The outline in a 1×1 box (x right, y DOWN, origin top-left), optically centred and sized so the
    /// glyphs look balanced together (a heart's ink spans about 0.9 of the box width).
    /// `nil` for `.none`.
    public static func path(for icon: RenderSpec.Icon) -> Path? {
        switch icon {
        case .heart: heart
        case .star: star
        case .play: play
        case .pause: pause
        case .plus: plus
        case .check: check
        case .power: power
        case .bell: bell
        case .none: nil
        }
    }

    /// Fraction of a frame's smaller side that an icon's box takes: an SF Symbol at body size (~20 pt)
    /// in the seeds' 80-point button (icon + 30 points of padding on each side) → 0.25.
    public static let frameFraction: Double = 0.25
}
