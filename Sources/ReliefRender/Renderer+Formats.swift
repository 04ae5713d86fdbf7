import ReliefGeometry
import ReliefPNG
import ReliefScene
import ReliefScreen
import ReliefSpec

/// A render in the format its spec asks for, and what it cost.
public struct RenderedFile: Sendable, Hashable {
    /// The file: a PNG, or UTF-8 text.
    public let bytes: [UInt8]
    public let format: RenderSpec.Format
    /// Time spent laying out and drawing, or writing the text.
    public let renderDuration: Duration
    /// Time spent encoding a PNG; zero for text, which is written as it is walked.
    public let encodeDuration: Duration
}

extension Renderer {
    /// `spec` in its `format` (SPEC §10): the one-element screen of its component
    /// (``ScreenRequest/init(component:)``), laid out and written by the format's one back end
    /// (``RenderSpec/Format/writer``), as `/screen` writes any layout; a `scheme=auto` spec's
    /// appearances each such a screen, for a writer that holds them all.
    ///
    /// Throws a ``SpecError`` when text or an icon grows the image past the pixel limits
    /// (``RenderSpec/grownImageError(pixels:)``), so every format of a query is refused alike;
    /// `supervisor` watches a PNG's drawing (text is written in one short step). `effort` is how
    /// hard a PNG's encoder works; text is the same whatever it is.
    public func file(
        for spec: RenderSpec, effort: EncodingEffort = .smallest,
        supervisor: RenderSupervisor = .unsupervised
    ) throws -> RenderedFile {
        try timed(spec.output.format) { writer in
            guard spec.output.scheme == .auto else {
                return try writer.file(of: laidOutScreen(of: spec), by: self, effort: effort, supervisor: supervisor)
            }
            // The one place `scheme=auto` is handled: each appearance laid out, for a writer that holds them all.
            guard let adapting = writer as? any AdaptingFormatWriter.Type else {
                preconditionFailure("the parser allows scheme=auto only with a format that adapts to appearance")
            }
            let screens = try appearances(of: spec).map { ($0, try laidOutScreen(of: $0.spec)) }
            return WrittenFile(
                bytes: Array(try adapting.text(ofAppearances: screens, asked: spec, by: self).utf8), encodeDuration: .zero)
        }
    }

    /// `request` in its `format` (SPEC §14), written by that format's back end from the one laid-out screen.
    public func file(
        for request: ScreenRequest, effort: EncodingEffort = .smallest, supervisor: RenderSupervisor = .unsupervised
    ) throws -> RenderedFile {
        try timed(request.page.output.format) { writer in
            try writer.file(of: laidOutScreen(request), by: self, effort: effort, supervisor: supervisor)
        }
    }

    /// The file `write` makes with `format`'s writer, and the time it took.
    private func timed(_ format: RenderSpec.Format, _ write: (any FormatWriter.Type) throws -> WrittenFile) rethrows
        -> RenderedFile
    {
        let clock = ContinuousClock()
        let start = clock.now
        let written = try write(format.writer)
        return RenderedFile(
            bytes: written.bytes, format: format.written, renderDuration: clock.now - start - written.encodeDuration,
            encodeDuration: written.encodeDuration)
    }

    /// The one-element screen of `spec`'s component, laid out (with `glyphs: .omitted`, without icons
    /// and text): refused as `/render` refuses `spec` when it outgrows the pixel limits.
    func laidOutScreen(of spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> LaidOutScreen {
        let request: ScreenRequest
        do {
            request = try ScreenRequest(component: spec)
        } catch {
            throw error.problem
        }
        return try laidOutScreen(request, glyphs: glyphs)
    }

    /// The canvas `/render` answers `spec` on, laid out, nothing drawn: its one-element screen
    /// (``laidOutScreen(of:glyphs:)``), or for `scheme=auto` its first appearance's, on the margin every
    /// appearance shares. Its ``LaidOutScreen/pixels`` are those of every still image of `spec`, which
    /// `/describe` reports, and ``image(for:glyphs:supervisor:)`` draws it; with `glyphs: .omitted`,
    /// without icons and text. Refused as ``file(for:effort:supervisor:)`` refuses `spec`.
    public func servedScreen(of spec: RenderSpec, glyphs: Scene.Glyphs = .drawn) throws -> LaidOutScreen {
        guard spec.output.scheme == .auto else { return try laidOutScreen(of: spec, glyphs: glyphs) }
        return try laidOutScreen(of: try appearances(of: spec).first?.spec ?? spec, glyphs: glyphs)
    }

    /// Each picture of a `scheme=auto` spec (``RenderSpec/appearances()``) on one canvas: where the
    /// query gives no margin, each takes the largest its appearances' shadows need
    /// (``RenderSpec/withMargin(shaper:)``), so that one SVG holds them all at one place and the PNGs
    /// of a `<picture>` have one size.
    public func appearances(of spec: RenderSpec) throws -> [RenderSpec.Appearance] {
        var appearances = try spec.appearances()
        guard spec.output.margin == nil else { return appearances }
        let margin = try appearances.compactMap { try $0.spec.withMargin(shaper: textShaper).output.margin }.max()
        for index in appearances.indices { appearances[index].spec.output.margin = margin }
        return appearances
    }
}

extension RenderSpec.Format {
    /// The back end that writes this format: the one table from each format of ReliefSpec's table to
    /// its writer of any laid-out tree, a component's one-element screen or a whole screen.
    var writer: any FormatWriter.Type {
        switch self {
        case .png, .auto: PNGWriter.self
        case .webp: WebPWriter.self
        case .avif: AVIFWriter.self
        case .svg: SVGWriter.self
        case .css: CSSRenderer.self
        case .html: HTMLPage.self
        case .swiftui: SwiftUICodeWriter.self
        case .json: DesignTokens.self
        }
    }
}

/// The PNG back end of any laid-out tree: its canvas drawn and encoded, or with `animate=true` its
/// change as an APNG.
enum PNGWriter: ImageFormatWriter {
    static var format: RenderSpec.Format { .png }

    static func encode(_ image: RenderedImage, by encoders: Renderer.Encoders) throws -> [UInt8] {
        try encoders.still.encode(rgba: image.rgba, width: image.width, height: image.height)
    }

    static func encode(_ animation: PNGEncoder.Animation, by encoders: Renderer.Encoders) throws -> [UInt8] {
        try encoders.animation.encode(animation)
    }
}

/// The SVG back end of any laid-out tree: its canvas walked, one self-contained document titled by
/// what it draws; a `scheme=auto` answer's appearances in one document.
enum SVGWriter: AdaptingFormatWriter {
    static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
        try SVGRenderer.document(
            of: screen.scene, content: screen.content, canvas: screen.canvas, title: "Relief: " + screen.summary)
    }

    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, screen: LaidOutScreen)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String {
        try SVGRenderer.document(
            ofAppearances: appearances.map { ($0.appearance, $0.screen.scene, $0.screen.content, $0.screen.canvas) },
            title: "Relief: " + spec.summary)
    }
}
