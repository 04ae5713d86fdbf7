import ReliefScene
import ReliefSpec

/// What a client needs to place a render's image before it has it: its alt text and its size in
/// points (its pixels divided by its scale), the `width` and `height` of an `<img>`.
public struct ImageDescription: Sendable, Equatable {
    /// ``ReliefSpec/RenderSpec/altText``.
    public var alt: String
    /// The image's size in whole points: the served canvas's (``Renderer/servedScreen(of:)``), the
    /// component's frame grown by its text and its shadows' margin.
    public var width: Int
    public var height: Int
    /// The pictures of a `scheme=auto` query (``ReliefSpec/RenderSpec/appearances()``); empty for `scheme=fixed`.
    public var appearances: [RenderSpec.Appearance]
    /// A `<picture>` of the image, ready to paste: an AVIF and a WebP `<source>` (only the WebP for
    /// an animation), each with a 1×/2×/3× `srcset` of `/render` URLs, and the PNG `<img>` with its
    /// `srcset`, `width`, `height` and `alt`; the scales past the pixel limits are left out. Nil for
    /// `scheme=auto`, whose pictures are its appearances.
    public var picture: String?
}

extension Renderer {
    /// The description of `spec`'s image, from the canvas it is served on (``servedScreen(of:)``);
    /// nothing is drawn. Throws what that throws: the ``SpecError`` of an image grown past the limits.
    public func imageDescription(for spec: RenderSpec) throws -> ImageDescription {
        let appearances = spec.output.scheme == .auto ? try appearances(of: spec) : []
        let served = try servedScreen(of: spec)
        let scene = served.scene, pixels = served.pixels
        // As a page sizes the image it has: its pixels over its scale, in whole points.
        let scale = spec.output.scale
        let (width, height) = (Int((Double(pixels.width) / scale).rounded()), Int((Double(pixels.height) / scale).rounded()))
        return ImageDescription(
            alt: spec.altText, width: width, height: height, appearances: appearances,
            picture: appearances.isEmpty ? Self.picture(of: spec, scene: scene, width: width, height: height) : nil)
    }

    /// The scales a `<picture>`'s `srcset` offers.
    static let pictureScales = [1.0, 2.0, 3.0]

    /// ``ImageDescription/picture`` of `spec`, whose laid-out scene is `scene`, `width` × `height` points.
    static func picture(of spec: RenderSpec, scene: Scene, width: Int, height: Int) -> String {
        let scales = pictureScales.filter { RenderSpec.Limits.allow(pixelSize(of: scene, scale: $0)) }
        func srcset(_ format: RenderSpec.Format) -> String {
            let urls = scales.map { scale in
                var scaled = spec
                scaled.output.scale = scale
                scaled.output.format = format
                return "/render?\(scaled.canonicalQuery) \(DecimalText.format(scale))x"
            }
            return OutputText.markup(urls.joined(separator: ", "))
        }
        let sources = RenderSpec.Format.auto.keys.negotiatedFormats.dropLast().filter {
            spec.output.animation == nil || $0.keys.animates
        }
        var lines = ["<picture>"]
        for format in sources {
            lines.append("  <source type=\"\(format.mediaType)\" srcset=\"\(srcset(format))\">")
        }
        var fallback = spec
        fallback.output.scale = scales.first ?? spec.output.scale
        fallback.output.format = .png
        lines.append(
            "  <img src=\"\(OutputText.markup("/render?" + fallback.canonicalQuery))\" srcset=\"\(srcset(.png))\" "
                + "width=\"\(width)\" height=\"\(height)\" alt=\"\(OutputText.markup(spec.altText))\">")
        lines.append("</picture>")
        return lines.joined(separator: "\n")
    }
}
