import ReliefRender
import ReliefSpec

extension RenderCost {
    /// The `400` of a render of `spec` that would hold `memory` bytes where one render may hold at
    /// most `limit` (``RenderScheduler/Policy/largestJobMemory``) of the `budget`: it names the
    /// limit, and what would fit — the largest `fps`, `loop=false` or the largest `scale` (in
    /// steps of a half) whose cost, scaled as `memory` is to `spec`'s own, stays within `limit`;
    /// or, when none does, fewer pixels. An animation past ``RenderSpec/Limits/maxAnimationPixels``
    /// at the frame the query asks for gets that refusal instead, whatever the budget.
    static func tooLargeError(
        _ spec: RenderSpec, memory: Int, limit: Int, budget: Int,
        costing cost: (RenderSpec) -> RenderCost
    ) -> SpecError {
        if let animation = spec.output.animation {
            let images = Renderer.animationImageCount(pictures: Renderer.animationPictureCount(for: spec), loops: animation.loops)
            if !RenderSpec.Limits.allowAnimation(images: images, of: spec.pixelSize) {
                return spec.output.animationTooLargeError(images: images, of: spec.pixelSize)
            }
        }
        // How far the real estimate (once laid out) is from the query's, applied to the variants.
        let ratio = Double(memory) / Double(max(cost(spec).memory, 1))
        func fits(_ variant: RenderSpec) -> Bool { Double(cost(variant).memory) * ratio <= Double(limit) }
        var fitting: [(parameter: String, value: String)] = []
        if let animation = spec.output.animation {
            let fps = stride(
                from: Int(animation.framesPerSecond.rounded(.up)) - 1,
                through: Int(RenderSpec.Limits.framesPerSecond.lowerBound), by: -1
            ).first { fps in
                var variant = spec
                variant.output.animation?.framesPerSecond = Double(fps)
                return fits(variant)
            }
            if let fps { fitting.append(("fps", String(fps))) }
            var once = spec
            once.output.animation?.loops = false
            if animation.loops && fits(once) { fitting.append(("loop", "false")) }
        }
        let scale = largestScale(below: spec.output.scale) { scale in
            var variant = spec
            variant.output.scale = scale
            return fits(variant)
        }
        if let scale { fitting.append(("scale", DecimalText.format(scale))) }
        let advice =
            fitting.isEmpty
            ? "ask for fewer pixels: a smaller size or margin"
            : fitting.map { "\($0.parameter)=\($0.value)" }.joined(separator: " or ") + " would fit"
        return SpecError(
            parameter: fitting.first?.parameter ?? "scale",
            allowed: "a render of at most \(mebibytes(limit)) of estimated working memory",
            detail: "this render needs an estimated \(mebibytes(memory)) of working memory and one render may hold at most "
                + "\(mebibytes(limit)) of this server's \(mebibytes(budget)) render budget; \(advice)")
    }
}
