import ReliefSpec

/// What a client needs to place a render's image before it has it: its alt text and its size in
/// points (its pixels divided by its scale), the `width` and `height` of an `<img>`.
public struct ImageDescription: Sendable, Equatable {
    /// ``ReliefSpec/RenderSpec/altText``.
    public var alt: String
    /// The image's size in whole points: the laid-out scene's, grown by its text and its shadows' margin.
    public var width: Int
    public var height: Int
    /// The pictures of a `scheme=auto` query (``ReliefSpec/RenderSpec/appearances()``); empty for `scheme=fixed`.
    public var appearances: [RenderSpec.Appearance]
}

extension Renderer {
    /// The description of `spec`'s image, from its laid-out scene; nothing is drawn. Throws what
    /// ``scene(for:glyphs:)`` throws, and the ``SpecError`` of an image grown past the limits.
    public func imageDescription(for spec: RenderSpec) throws -> ImageDescription {
        let appearances = spec.output.scheme == .auto ? try appearances(of: spec) : []
        // A scheme=auto answer holds its appearances on the canvas of the margin they share.
        var sized = spec
        sized.output.margin = appearances.first?.spec.output.margin ?? spec.output.margin
        let scene = try scene(for: sized)
        let pixels = try Self.allowedPixelSize(of: scene, spec: spec)
        // As a page sizes the image it has: its pixels over its scale, in whole points.
        let scale = spec.output.scale
        return ImageDescription(
            alt: spec.altText, width: Int((Double(pixels.width) / scale).rounded()),
            height: Int((Double(pixels.height) / scale).rounded()),
            appearances: appearances)
    }
}
