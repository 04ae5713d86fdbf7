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
    /// 4: `simulate=lowvision` blurs with the rasterizer's Gaussian (within 2/255 of before), and
    /// `/audit`, whose tags this version is part of, gives each suggestion a `fix`.
    /// 5: PNGs take the smallest lossless colour type (palette, grey) and per-class compression
    /// (smaller files, the same pixels).
    /// 6: labels wrap at the Unicode line-break opportunities (between CJK ideographs, Thai words,
    /// after hyphens), so a label at ax1-ax5 may break where it did not.
    public static let version = "6"

    private let fonts: FontLibrary
    private let encoder: PNGEncoder

    public init(configuration: Configuration = .init()) {
        fonts = configuration.fonts == .standard ? .shared : FontLibrary(configuration: configuration.fonts)
        encoder = PNGEncoder(configuration: configuration.png)
    }

    /// Shapes text with the installed fonts, for scenes built outside ``scene(for:glyphs:)``.
    public var textShaper: any TextShaper { FontShaper(library: fonts) }

    /// The scene of `spec`, its label measured with the installed fonts: its canvas and the frame
    /// and outline of the component, which a label may have grown.
    public func scene(for spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> Scene {
        try Scene(spec: spec, glyphs: glyphs, shaper: textShaper)
    }

    /// The pixels of `spec`, shown through its `simulate` setting; with `glyphs: .omitted`, without
    /// icons and text.
    ///
    /// Throws a ``SpecError`` (``RenderSpec/grownImageError(pixels:)``) when text or an icon grows
    /// the image past the pixel limits.
    public func image(for spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> RenderedImage {
        try image(of: checkedScene(for: spec, glyphs: glyphs), scale: spec.scale).simulating(spec)
    }

    /// The scene of `spec`, refused with a ``SpecError`` when its text or icon grows the image past
    /// the pixel limits, whatever the format.
    func checkedScene(for spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> Scene {
        let scene = try scene(for: spec, glyphs: glyphs)
        let pixels = Self.pixelSize(of: scene, scale: spec.scale)
        guard RenderSpec.Limits.allow(pixels) else { throw spec.grownImageError(pixels: pixels) }
        return scene
    }

    /// The pixels of any scene at `scale` pixels per point, its canvas rounded as a render's is.
    public func image(of scene: Scene, scale: Double) throws -> RenderedImage {
        let (width, height) = Self.pixelSize(of: scene, scale: scale)
        let canvas = PixelRect(width: width, height: height)
        let content = try scene.content.placed(in: scene.frame, shaper: textShaper)
        let picture = PixelRenderer(scale: scale, canvas: canvas).draw(scene, content: content)
        return RenderedImage(width: width, height: height, rgba: picture.rgba8(canvas: canvas))
    }

    static func pixelSize(of scene: Scene, scale: Double) -> (width: Int, height: Int) {
        RenderSpec.pixelSize(canvasWidth: scene.size.width, canvasHeight: scene.size.height, scale: scale)
    }

    /// `spec` rendered and encoded as PNG, with the time each stage took.
    public func png(for spec: RenderSpec) throws -> RenderedPNG {
        try timedPNG { try image(for: spec) }
    }

    /// Any scene rendered at `scale` and encoded as PNG, with the time each stage took.
    public func png(for scene: Scene, scale: Double) throws -> RenderedPNG {
        try timedPNG { try image(of: scene, scale: scale) }
    }

    private func timedPNG(_ draw: () throws -> RenderedImage) throws -> RenderedPNG {
        let clock = ContinuousClock()
        let start = clock.now
        let image = try draw()
        let rendered = clock.now
        let bytes = try encoder.encode(rgba: image.rgba, width: image.width, height: image.height)
        return RenderedPNG(bytes: bytes, width: image.width, height: image.height,
                           renderDuration: rendered - start, encodeDuration: clock.now - rendered)
    }
}
