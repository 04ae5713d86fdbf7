import ReliefGeometry
import ReliefPNG
import ReliefRaster
import ReliefScene
import ReliefSpec
import ReliefText

/// The whole pipeline for one request: RenderSpec → scene → pixels → PNG.
public struct Renderer: Sendable {
    /// Settings of the pipeline.
    public struct Configuration: Sendable {
        /// Where the fonts are. Default: Inter from fonts-inter, then DejaVu Sans.
        public var fonts: FontLibrary.Configuration = .standard
        /// How PNGs are compressed. Default: the encoder's measured defaults.
        public var png: PNGEncoder.Configuration = .init()

        public init() {}
    }

    /// Changes whenever the same query could draw different pixels; part of every ETag.
    public static let version = "1"

    private let fonts: FontLibrary
    private let encoder: PNGEncoder

    public init(configuration: Configuration = .init()) {
        fonts = configuration.fonts == .standard ? .shared : FontLibrary(configuration: configuration.fonts)
        encoder = PNGEncoder(configuration: configuration.png)
    }

    /// The pixels of `spec`; with `glyphs: .omitted`, without icons and text.
    public func image(for spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> RenderedImage {
        let scene = Scene(spec: spec, glyphs: glyphs)
        let (width, height) = spec.pixelSize
        let canvas = PixelRect(width: width, height: height)
        let content = try scene.content.placed(in: scene.frame, shaper: FontShaper(library: fonts))
        let layer = PixelRenderer(scale: spec.scale, canvas: canvas).draw(scene, content: content)
        return RenderedImage(width: width, height: height, rgba: layer.rgba8(canvas: canvas))
    }

    /// `spec` rendered and encoded as PNG, with the time each stage took.
    public func png(for spec: RenderSpec) throws -> RenderedPNG {
        let clock = ContinuousClock()
        let start = clock.now
        let image = try image(for: spec)
        let rendered = clock.now
        let bytes = try encoder.encode(rgba: image.rgba, width: image.width, height: image.height)
        return RenderedPNG(bytes: bytes, width: image.width, height: image.height,
                           renderDuration: rendered - start, encodeDuration: clock.now - rendered)
    }
}
