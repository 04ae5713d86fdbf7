#if canImport(Glibc)
import Glibc  // links libm, which `rounded()` calls on Linux
#endif

extension RenderSpec {
    /// The image size in pixels: the frame plus `margin` on every side, times `scale`, rounded
    /// to whole pixels (halves away from zero) and at least 1. A label may grow the frame once its
    /// text is shaped; the renderer then sizes the image from the grown frame the same way.
    public var pixelSize: (width: Int, height: Int) {
        (pixels(width), pixels(height))
    }

    private func pixels(_ frameSide: Double) -> Int {
        max(1, Int(((frameSide + 2 * margin) * scale).rounded()))
    }
}
