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

    /// Changes whenever the same query could give different bytes; part of every ETag.
    /// 2: labels size their frame and take `textsize`; `contrast` and `simulate`.
    /// 3: PNGs are compressed at zlib level 5 (smaller files, the same pixels).
    public static let version = "3"

    private let fonts: FontLibrary
    private let encoder: PNGEncoder

    public init(configuration: Configuration = .init()) {
        fonts = configuration.fonts == .standard ? .shared : FontLibrary(configuration: configuration.fonts)
        encoder = PNGEncoder(configuration: configuration.png)
    }

    /// The scene of `spec`, its label measured with the installed fonts: its canvas and the frame
    /// and outline of the component, which a label may have grown.
    public func scene(for spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> Scene {
        try Scene(spec: spec, glyphs: glyphs, shaper: FontShaper(library: fonts))
    }

    /// The pixels of `spec`, shown through its `simulate` setting; with `glyphs: .omitted`, without
    /// icons and text.
    ///
    /// Throws a ``SpecError`` naming `label` when a label grows the image past the pixel limits.
    public func image(for spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> RenderedImage {
        let scene = try scene(for: spec, glyphs: glyphs)
        let (width, height) = try Self.pixelSize(of: scene, spec: spec)
        let canvas = PixelRect(width: width, height: height)
        let content = try scene.content.placed(in: scene.frame, shaper: FontShaper(library: fonts))
        let picture = PixelRenderer(scale: spec.scale, canvas: canvas).draw(scene, content: content)
        return RenderedImage(width: width, height: height, rgba: picture.rgba8(canvas: canvas)).simulating(spec)
    }

    /// The canvas in pixels, rounded as ``RenderSpec/pixelSize`` rounds it (equal to it unless a label
    /// grew the frame), within the same limits.
    private static func pixelSize(of scene: Scene, spec: RenderSpec) throws(SpecError) -> (width: Int, height: Int) {
        let width = max(1, Int((scene.size.width * spec.scale).rounded()))
        let height = max(1, Int((scene.size.height * spec.scale).rounded()))
        let limits = RenderSpec.Limits.self
        guard width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels else {
            return (width, height)
        }
        let allowed = "a label whose frame keeps the image within \(limits.maxSide) pixels a side "
            + "and \(limits.maxPixels) pixels in all"
        throw SpecError(parameter: "label", allowed: allowed,
                        detail: "the label at textsize \(spec.textSize.rawValue) grows the image to \(width)x\(height) "
                            + "pixels; use a shorter label, a smaller textsize, scale or margin, or a wider frame")
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
