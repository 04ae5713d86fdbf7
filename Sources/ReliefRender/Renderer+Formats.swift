import ReliefGeometry
import ReliefPNG
import ReliefScene
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
    /// `spec` in its `format` (SPEC §10), written by that format's back end (``RenderSpec/Format/writer``)
    /// from the one laid-out scene.
    ///
    /// Throws a ``SpecError`` when text or an icon grows the image past the pixel limits, as
    /// ``image(for:glyphs:supervisor:)`` does, so every format of a query is refused alike;
    /// `supervisor` watches a PNG's drawing (text is written in one short step). `effort` is how
    /// hard a PNG's encoder works; text is the same whatever it is.
    public func file(
        for spec: RenderSpec, effort: EncodingEffort = .smallest,
        supervisor: RenderSupervisor = .unsupervised
    ) throws -> RenderedFile {
        let clock = ContinuousClock()
        let start = clock.now
        let writer = spec.output.format.writer
        let written: WrittenFile
        if spec.output.scheme == .auto {
            // The one place `scheme=auto` is handled: each appearance laid out, for a writer that holds them all.
            guard let adapting = writer as? any AdaptingFormatWriter<LaidOutScene>.Type else {
                preconditionFailure("the parser allows scheme=auto only with a format that adapts to appearance")
            }
            written = WrittenFile(
                bytes: Array(try adapting.text(ofAppearances: laidOutAppearances(of: spec), asked: spec, by: self).utf8),
                encodeDuration: .zero)
        } else {
            written = try writer.file(of: laidOutScene(for: spec), by: self, effort: effort, supervisor: supervisor)
        }
        return RenderedFile(
            bytes: written.bytes, format: spec.output.format.written, renderDuration: clock.now - start - written.encodeDuration,
            encodeDuration: written.encodeDuration)
    }
}

extension Renderer {
    /// Each picture of a `scheme=auto` spec (``RenderSpec/appearances()``), laid out.
    func laidOutAppearances(of spec: RenderSpec) throws -> [(appearance: RenderSpec.Appearance, render: LaidOutScene)] {
        try appearances(of: spec).map { ($0, try laidOutScene(for: $0.spec)) }
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
    /// its writer.
    var writer: any FormatWriter<LaidOutScene>.Type {
        switch self {
        case .png, .auto: PNGWriter<LaidOutScene>.self
        case .webp: WebPWriter<LaidOutScene>.self
        case .avif: AVIFWriter<LaidOutScene>.self
        case .svg: SVGWriter<LaidOutScene>.self
        case .css: CSSRenderer.self
        case .html: HTMLPage.self
        case .swiftui: SwiftUICodeWriter.self
        case .json: DesignTokens.self
        }
    }
}

/// The PNG back end of any laid-out tree: its canvas drawn and encoded, or with `animate=true` its
/// change as an APNG.
enum PNGWriter<Render: LaidOutCanvas>: ImageFormatWriter {
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
enum SVGWriter<Render: LaidOutCanvas>: AdaptingFormatWriter {
    static var format: RenderSpec.Format { .svg }

    static func text(of render: Render, by renderer: Renderer) throws -> String {
        try SVGRenderer.document(
            of: render.scene, content: render.content, canvas: render.canvas, title: "Relief: " + render.summary)
    }

    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, render: Render)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String {
        try SVGRenderer.document(
            ofAppearances: appearances.map { ($0.appearance, $0.render.scene, $0.render.content, $0.render.canvas) },
            title: "Relief: " + spec.summary)
    }
}

extension CSSRenderer: AdaptingFormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.css

    static func text(of render: LaidOutScene, by renderer: Renderer) throws -> String {
        stylesheet(render.surfaces, className: className(of: render.spec), summary: render.spec.summary)
    }

    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, render: LaidOutScene)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String {
        stylesheet(ofAppearances: appearances, className: className(of: spec), summary: spec.summary)
    }

    /// The class of a component's rules: `relief-button`.
    private static func className(of spec: RenderSpec) -> String { "relief-" + spec.component.kind.rawValue }
}

extension HTMLPage: AdaptingFormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.html

    static func text(of render: LaidOutScene, by renderer: Renderer) throws -> String {
        try page(of: render.scene, surfaces: render.surfaces, canvas: render.canvas, spec: render.spec)
    }

    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, render: LaidOutScene)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String {
        picturePage(of: appearances, spec: spec)
    }
}

extension SwiftUICodeWriter: AdaptingFormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.swiftui

    /// The code reads the view tree as built; buttons, toggles and switches have another state, which
    /// it draws too.
    static func text(of render: LaidOutScene, by renderer: Renderer) throws -> String {
        code(for: render.spec, scene: render.scene, otherState: try otherState(of: render.spec, by: renderer))
    }

    /// A `scheme=auto` spec's code holds each appearance's.
    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, render: LaidOutScene)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String {
        try code(
            for: spec,
            appearances: appearances.map { appearance, render in
                (appearance, render.scene, try otherState(of: appearance.spec, by: renderer))
            })
    }

    /// The scene of the other state of `spec`'s control (pressed or not, on or off), which its code
    /// draws too; nil for a component without states.
    static func otherState(of spec: RenderSpec, by renderer: Renderer) throws -> Scene? {
        spec.component.kind.changesState ? try renderer.scene(for: spec.otherState) : nil
    }
}

extension DesignTokens: TextFormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.json

    static func text(of render: LaidOutScene, by renderer: Renderer) throws -> String {
        let tokens = DesignTokens(spec: render.spec, scene: render.scene, surfaces: render.surfaces, canvas: render.canvas)
        return String(decoding: tokens.json.serialized(indent: 2), as: UTF8.self)
    }
}
