import Foundation
import ReliefGeometry
import ReliefImageFormats
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
        /// How PNGs are compressed for ``EncodingEffort/smallest``. Default: the encoder's measured
        /// defaults.
        public var png: PNGEncoder.Configuration = .init()
        /// How animated PNGs are compressed for ``EncodingEffort/smallest``. Default:
        /// ``PNGEncoder/Compression/animatedRGB``, ``PNGEncoder/Compression/animatedPalette`` and
        /// ``PNGEncoder/Compression/animatedTranslucent``, at memory level 8: the stills' filter
        /// trial, search and memory level were measured on stills only.
        public var apng = PNGEncoder.Configuration(
            palette: .animatedPalette, grey: .animatedPalette,
            greyAlpha: .animatedTranslucent, rgb: .animatedRGB,
            rgba: .animatedTranslucent, memoryLevel: 8)
        /// How PNGs are compressed for ``EncodingEffort/fast``. Default: ``PNGEncoder/Configuration/fast``.
        public var fastPNG: PNGEncoder.Configuration = .fast
        /// How animated PNGs are compressed for ``EncodingEffort/fast``. Default:
        /// ``PNGEncoder/Configuration/fastAnimation``.
        public var fastAPNG: PNGEncoder.Configuration = .fastAnimation
        /// How WebPs, stills and animations, are compressed for ``EncodingEffort/smallest``. Default:
        /// ``WebPEncoder/Configuration/smallest``.
        public var webp: WebPEncoder.Configuration = .smallest
        /// How WebPs are compressed for ``EncodingEffort/fast``. Default: ``WebPEncoder/Configuration/fast``.
        public var fastWebP: WebPEncoder.Configuration = .fast
        /// How AVIFs are compressed for ``EncodingEffort/smallest``. Default: ``AVIFEncoder/Configuration/smallest``.
        public var avif: AVIFEncoder.Configuration = .smallest
        /// How AVIFs are compressed for ``EncodingEffort/fast``. Default: ``AVIFEncoder/Configuration/fast``.
        public var fastAVIF: AVIFEncoder.Configuration = .fast
        /// Pixels drawn at a time: a larger image is drawn in bands of whole rows this large (at
        /// least 16 rows), each turned into bytes before the next is drawn, so its working memory
        /// stays bounded. Default 64 Ki (a 256 × 256 image is one band, a 4096-pixel-wide one is
        /// drawn 16 rows at a time): a band's layers then stay under the allocator's 8 MiB trim
        /// threshold (``AllocatorTuning``), so every band reuses the memory of the one before
        /// instead of faulting fresh pages in; 4 times larger bands faulted up to 150,000 pages into
        /// a 4096 × 4096 render and were no faster.
        public var bandPixels = Configuration.defaultBandPixels
        /// The default ``bandPixels``.
        public static let defaultBandPixels = 1 << 16
        /// Where wide shadows are kept from one render for the next (``ShadowCache``); nil makes
        /// every shadow afresh. Default: the process's, ``ShadowCache/shared``.
        public var shadowCache: ShadowCache? = .shared

        public init() {}
    }

    /// The renderer's output version: it changes whenever the same query could give different bytes,
    /// and it is part of every ETag. CHANGELOG.md lists what each version changed.
    public static let version = "20"

    /// How hard an image's encoder works for its bytes. Either gives exactly the same pixels in a PNG
    /// or a WebP, and an AVIF of the same quality.
    public enum EncodingEffort: String, Sendable, Hashable, CaseIterable {
        /// Soon, at a fraction of the CPU: what a service answers first, when the next render waits
        /// for the core (``Configuration/fastPNG``).
        case fast
        /// The smallest file the encoder makes (``Configuration/png``): what a file on disk and an
        /// image asked for again deserve.
        case smallest
    }

    /// The encoders of one effort: PNG for stills and for animations, WebP, AVIF.
    struct Encoders: Sendable {
        var still: PNGEncoder
        var animation: PNGEncoder
        var webp: WebPEncoder
        var avif: AVIFEncoder
    }

    private let fonts: FontLibrary
    private let smallestEncoders: Encoders
    private let fastEncoders: Encoders
    let bandPixels: Int
    let shadowCache: ShadowCache?

    public init(configuration: Configuration = .init()) {
        fonts = configuration.fonts == .standard ? .shared : FontLibrary(configuration: configuration.fonts)
        smallestEncoders = Encoders(
            still: PNGEncoder(configuration: configuration.png),
            animation: PNGEncoder(configuration: configuration.apng),
            webp: WebPEncoder(configuration: configuration.webp), avif: AVIFEncoder(configuration: configuration.avif))
        fastEncoders = Encoders(
            still: PNGEncoder(configuration: configuration.fastPNG),
            animation: PNGEncoder(configuration: configuration.fastAPNG),
            webp: WebPEncoder(configuration: configuration.fastWebP), avif: AVIFEncoder(configuration: configuration.fastAVIF))
        bandPixels = configuration.bandPixels
        shadowCache = configuration.shadowCache
    }

    /// The encoders of `effort`, on as many threads as other renders leave idle (``CoreShare``).
    func encoders(_ effort: EncodingEffort) -> Encoders {
        let encoders = effort == .fast ? fastEncoders : smallestEncoders
        func sharing(_ encoder: PNGEncoder) -> PNGEncoder {
            var configuration = encoder.configuration
            configuration.threads = CoreShare.process.threads(atMost: configuration.threads)
            return PNGEncoder(configuration: configuration)
        }
        var webp = encoders.webp.configuration, avif = encoders.avif.configuration
        webp.threads = webp.threads && CoreShare.process.threads(atMost: 2) > 1
        avif.threads = CoreShare.process.threads(atMost: 2)
        return Encoders(
            still: sharing(encoders.still), animation: sharing(encoders.animation),
            webp: WebPEncoder(configuration: webp), avif: AVIFEncoder(configuration: avif))
    }

    /// Shapes text with the installed fonts, for scenes built outside ``scene(for:glyphs:)``.
    public var textShaper: any TextShaper { FontShaper(library: fonts) }

    /// The component scene of `spec`, its label measured with the installed fonts: its canvas and the
    /// frame and outline of the component, which a label may have grown. A screen's element's spec
    /// (margin 0) gives the component in its own frame, as the screen draws it; the canvas `/render`
    /// serves, and the component's place on it, are ``servedScreen(of:glyphs:)``'s.
    public func scene(for spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> Scene {
        try Scene(spec: spec, glyphs: glyphs, shaper: textShaper)
    }

    /// The pixels of `spec` as `/render` serves them: its one-element screen (``servedScreen(of:glyphs:)``)
    /// drawn, shown through its `simulate` setting; with `glyphs: .omitted`, without icons and text.
    /// `supervisor` is asked for the render's memory once the screen is laid out and before any
    /// pixel is drawn, and whether to go on before each band.
    ///
    /// Throws a ``SpecError`` (``RenderSpec/grownImageError(pixels:)``) when text or an icon grows
    /// the image past the pixel limits, and ``RenderAbandoned`` when the supervisor stops wanting it.
    public func image(
        for spec: RenderSpec, glyphs: Scene.Glyphs = .drawn,
        supervisor: RenderSupervisor = .unsupervised
    ) throws -> RenderedImage {
        try image(of: servedScreen(of: spec, glyphs: glyphs), supervisor: supervisor)
    }

    /// The pixels of a laid-out screen's still, shown through its output's `simulate` setting;
    /// `supervisor` is asked for the render's memory before any pixel is drawn, and whether to go on
    /// before each band.
    func image(of screen: LaidOutScreen, supervisor: RenderSupervisor) throws -> RenderedImage {
        try image(
            of: screen.scene, content: screen.content, pixels: screen.pixels, output: screen.output,
            supervisor: supervisor)
    }

    /// The pixels of `scene`, laid out as `content` in `pixels`, at `output`'s scale and shown through its
    /// `simulate` setting, once `supervisor` has granted the memory they need: a render's, or a screen's.
    func image(
        of scene: Scene, content: PlacedNode, pixels: (width: Int, height: Int), output: RenderSpec.Output,
        supervisor: RenderSupervisor
    ) throws -> RenderedImage {
        try supervisor.reserve(Self.estimatedPeakBytes(width: pixels.width, height: pixels.height, simulation: output.simulation))
        var image = try image(of: scene, content: content, scale: output.scale, supervisor: supervisor)
        image.simulate(output.simulation, scale: output.scale)
        return image
    }

    /// The pixels of any scene at `scale` pixels per point, its canvas rounded as a render's is,
    /// drawn band by band while `supervisor` wants them.
    public func image(of scene: Scene, scale: Double, supervisor: RenderSupervisor = .unsupervised) throws -> RenderedImage {
        try image(
            of: scene, content: scene.content.placed(in: scene.frame, shaper: textShaper), scale: scale,
            supervisor: supervisor)
    }

    /// The pixels of `scene` whose view tree is laid out as `content`.
    func image(
        of scene: Scene, content: PlacedNode, scale: Double, supervisor: RenderSupervisor
    ) throws -> RenderedImage {
        let (width, height) = Self.pixelSize(of: scene, scale: scale)
        let canvas = PixelRect(width: width, height: height)
        let renderer = PixelRenderer(scale: scale, canvas: canvas, bandPixels: bandPixels, shadowCache: shadowCache)
        let rgba = try Self.rgba(of: renderer, supervisor: supervisor) { _, band in
            renderer.draw(scene, content: content, band: band)
        }
        return RenderedImage(width: width, height: height, rgba: rgba)
    }

    /// Bands drawn at once, each on its own thread: the cores the process may use, at most 2. A
    /// band's working memory is counted this many times (``estimatedPeakBytes(width:height:simulation:)``);
    /// more bands at once would cost their memory for less each, as the wide shadows are made by
    /// one thread while the others wait for them.
    public static let bandsAtOnce = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 2)

    /// `region` of the canvas of `renderer` (all of it when nil) as RGBA bytes, its part in each of
    /// the renderer's bands drawn by `drawBand` (given the band's index and that part) and turned
    /// into bytes in place, ``bandsAtOnce`` bands at a time, while `supervisor` wants them (it is
    /// asked on the calling thread before each round).
    static func rgba(
        of renderer: PixelRenderer, region: PixelRect? = nil, supervisor: RenderSupervisor,
        drawBand: @Sendable (_ index: Int, _ part: PixelRect) -> LayerStack
    ) throws -> [UInt8] {
        let region = region ?? renderer.canvas
        guard !region.isEmpty else { return [] }
        let parts = renderer.bands.enumerated().map { (index: $0.offset, part: $0.element.intersection(region)) }
            .filter { !$0.part.isEmpty }
        return try [UInt8](unsafeUninitializedCapacity: region.area * 4) { bytes, count in
            // The bands are rows of the whole canvas: their parts are the region's rows, apart, so
            // the bands drawn side by side write to places no other writes.
            nonisolated(unsafe) let image = bytes.baseAddress!
            try BandRounds.forEach(parts, beforeEachRound: supervisor.checkWanted) { band in
                precondition(band.part.minX == region.minX && band.part.maxX == region.maxX, "a band spans the region")
                drawBand(band.index, band.part).write(
                    canvas: band.part, into: image + (band.part.minY - region.minY) * region.width * 4)
            } take: { _ in
            }
            count = region.area * 4
        }
    }

    static func pixelSize(of scene: Scene, scale: Double) -> (width: Int, height: Int) {
        RenderSpec.pixelSize(canvasWidth: scene.size.width, canvasHeight: scene.size.height, scale: scale)
    }

    /// `spec` rendered and encoded as PNG with `effort`, with the time each stage took, under
    /// `supervisor` (see ``image(for:glyphs:supervisor:)``); an animated spec as APNG, the change of
    /// its one-element screen (``LaidOutScreen/animation(by:supervisor:)``).
    ///
    /// Throws a ``SpecError`` when text grows the image past the pixel limits, or when an
    /// animation's frames together exceed ``RenderSpec/Limits/maxAnimationPixels``.
    public func png(
        for spec: RenderSpec, effort: EncodingEffort = .smallest,
        supervisor: RenderSupervisor = .unsupervised
    ) throws -> RenderedPNG {
        guard spec.output.animation != nil else {
            return try timedPNG(effort: effort) { try image(for: spec, supervisor: supervisor) }
        }
        return try timedAnimatedPNG(effort: effort) {
            try laidOutScreen(of: spec).animation(by: self, supervisor: supervisor)
        }
    }

    /// Any scene rendered at `scale` and encoded as PNG with `effort`, with the time each stage took.
    public func png(for scene: Scene, scale: Double, effort: EncodingEffort = .smallest) throws -> RenderedPNG {
        try timedPNG(effort: effort) { try image(of: scene, scale: scale) }
    }

    /// The image `draw` makes encoded as PNG with `effort`, with the time each took.
    func timedPNG(effort: EncodingEffort, _ draw: () throws -> RenderedImage) throws -> RenderedPNG {
        let clock = ContinuousClock()
        let start = clock.now
        let image = try draw()
        let rendered = clock.now
        let bytes = try encoders(effort).still.encode(rgba: image.rgba, width: image.width, height: image.height)
        return RenderedPNG(
            bytes: bytes, width: image.width, height: image.height,
            renderDuration: rendered - start, encodeDuration: clock.now - rendered)
    }

    /// The frames `draw` makes encoded as an APNG with `effort`, with the time each took.
    func timedAnimatedPNG(effort: EncodingEffort, _ draw: () throws -> PNGEncoder.Animation) throws -> RenderedPNG {
        let clock = ContinuousClock()
        let start = clock.now
        let frames = try draw()
        let drawn = clock.now
        let bytes = try encoders(effort).animation.encode(frames)
        return RenderedPNG(
            bytes: bytes, width: frames.width, height: frames.height, renderDuration: drawn - start,
            encodeDuration: clock.now - drawn)
    }
}
