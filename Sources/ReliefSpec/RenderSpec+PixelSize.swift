#if canImport(Glibc)
    import Glibc  // links libm, which `rounded()` calls on Linux
#endif

extension RenderSpec {
    /// The least image size in pixels: the frame plus ``leastMargin`` on every side, times `scale`,
    /// rounded as ``pixelSize(canvasWidth:canvasHeight:scale:)`` rounds. A label may grow the frame
    /// once its text is shaped, and shadows the default margin; the renderer then sizes the image from
    /// its scene the same way.
    public var pixelSize: (width: Int, height: Int) {
        Self.pixelSize(
            canvasWidth: component.frame.width + 2 * leastMargin,
            canvasHeight: component.frame.height + 2 * leastMargin, scale: output.scale)
    }

    /// A canvas of the given size in points, in pixels at `scale`: each side rounded to whole pixels
    /// (halves away from zero) and at least 1. The one rounding rule of every image Relief draws.
    public static func pixelSize(canvasWidth: Double, canvasHeight: Double, scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((canvasWidth * scale).rounded())), max(1, Int((canvasHeight * scale).rounded())))
    }
}

extension RenderSpec.Limits {
    /// The pixel bounds in words: `4096 pixels a side and 16777216 pixels in all`.
    public static let pixelBounds = "\(maxSide) pixels a side and \(maxPixels) pixels in all"

    /// Whether an image of `pixels` stays within ``maxSide`` a side and ``maxPixels`` in all.
    public static func allow(_ pixels: (width: Int, height: Int)) -> Bool {
        pixels.width <= maxSide && pixels.height <= maxSide && pixels.width * pixels.height <= maxPixels
    }

    /// Whether `images` images of `pixels` each stay within ``maxAnimationPixels``.
    public static func allowAnimation(images: Int, of pixels: (width: Int, height: Int)) -> Bool {
        images * pixels.width * pixels.height <= maxAnimationPixels
    }
}
