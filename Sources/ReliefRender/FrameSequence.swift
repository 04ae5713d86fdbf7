import ReliefPNG
import ReliefRaster

/// The frames of an APNG as a viewer sees them, built one change at a time: each frame after the
/// first holds only the pixels that changed since the frame shown before it, and a frame that
/// changes nothing lengthens the one before instead.
struct FrameSequence {
    /// The canvas as the viewer sees it after the last frame.
    private var shown: PixelPatch
    private var patches: [PixelPatch]
    /// How long each patch stays, in seconds.
    private var durations: [Double]

    /// A sequence that starts with `first`, which covers the canvas.
    init(first: PixelPatch) {
        shown = first
        patches = [first]
        durations = [0]
    }

    /// After `seconds` more of the frame shown now, the picture `patch`, which may differ from it
    /// only inside `area` (and covers `area`).
    mutating func show(_ patch: PixelPatch, where area: PixelRect, after seconds: Double) {
        wait(seconds)
        let changed = shown.changedBounds(to: patch, within: area)
        guard !changed.isEmpty else { return }
        let part = patch.cropped(to: changed)
        shown.paste(part)
        patches.append(part)
        durations.append(0)
    }

    /// The frame shown now stays `seconds` longer.
    mutating func wait(_ seconds: Double) {
        durations[durations.count - 1] += seconds
    }

    /// The frames, each with its delay.
    var frames: [PNGEncoder.Frame] {
        zip(patches, durations).map { patch, seconds in
            PNGEncoder.Frame(
                rgba: patch.rgba, width: patch.rect.width, height: patch.rect.height,
                x: patch.rect.minX, y: patch.rect.minY, delay: PNGEncoder.Delay(seconds: seconds))
        }
    }
}
