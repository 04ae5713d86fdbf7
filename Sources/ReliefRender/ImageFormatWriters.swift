import ReliefPNG
import ReliefSpec

/// The WebP back end of any laid-out tree: its canvas as a lossless WebP, the PNG's pixels exactly,
/// or with `animate=true` its change as an animated WebP of the APNG's frames, ending on the still.
enum WebPWriter: ImageFormatWriter {
    static var format: RenderSpec.Format { .webp }

    static func encode(_ image: RenderedImage, by encoders: Renderer.Encoders) throws -> [UInt8] {
        try encoders.webp.encode(rgba: image.rgba, width: image.width, height: image.height)
    }

    static func encode(_ animation: PNGEncoder.Animation, by encoders: Renderer.Encoders) throws -> [UInt8] {
        try encoders.webp.encode(animation)
    }
}

/// The AVIF back end of any laid-out tree: its canvas as an AVIF still (the parser refuses
/// `animate=true` with `format=avif`).
enum AVIFWriter: ImageFormatWriter {
    static var format: RenderSpec.Format { .avif }

    static func encode(_ image: RenderedImage, by encoders: Renderer.Encoders) throws -> [UInt8] {
        try encoders.avif.encode(rgba: image.rgba, width: image.width, height: image.height)
    }

    static func encode(_ animation: PNGEncoder.Animation, by encoders: Renderer.Encoders) throws -> [UInt8] {
        preconditionFailure("the parser refuses animate=true with format=avif")
    }
}
