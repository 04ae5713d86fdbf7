import ReliefScene

extension Renderer {
    /// A refused request drawn as a picture (``ReliefScene/ProblemCard``) at 1 pixel per point, so the
    /// text is sharp at 1x: `heading` (e.g. `400 Invalid parameter: size`), `detail`, and what is
    /// `allowed` when there is something to say.
    public func problemPNG(heading: String, detail: String, allowed: String?) throws -> RenderedPNG {
        let scene = try ProblemCard.scene(heading: heading, detail: detail, allowed: allowed, shaper: textShaper)
        return try png(for: scene, scale: 1)
    }
}
