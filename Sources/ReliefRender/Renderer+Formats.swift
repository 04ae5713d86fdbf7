import ReliefGeometry
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
        let written = try spec.output.format.writer.file(
            of: laidOutScene(for: spec), by: self, effort: effort, supervisor: supervisor)
        return RenderedFile(
            bytes: written.bytes, format: spec.output.format, renderDuration: clock.now - start - written.encodeDuration,
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
        case .png: PNGWriter.self
        case .svg: SVGRenderer.self
        case .css: CSSRenderer.self
        case .html: HTMLPage.self
        case .swiftui: SwiftUICodeWriter.self
        case .json: DesignTokens.self
        }
    }
}

/// The PNG back end: the laid-out scene drawn and encoded, or an animated spec's frames as an APNG.
enum PNGWriter: FormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.png

    static func file(
        of render: LaidOutScene, by renderer: Renderer, effort: Renderer.EncodingEffort, supervisor: RenderSupervisor
    ) throws -> WrittenFile {
        let png =
            render.spec.output.animation == nil
            ? try renderer.timedPNG(effort: effort) { try renderer.image(of: render, supervisor: supervisor) }
            : try renderer.animatedPNG(for: render.spec, effort: effort, supervisor: supervisor)
        return WrittenFile(bytes: png.bytes, encodeDuration: png.encodeDuration)
    }
}

extension SVGRenderer: TextFormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.svg

    static func text(of render: LaidOutScene, by renderer: Renderer) throws -> String {
        let title = "Relief: " + render.spec.summary
        guard render.spec.output.scheme == .auto else {
            return try document(of: render.scene, content: render.content, canvas: render.canvas, title: title)
        }
        return try document(ofAppearances: renderer.laidOutAppearances(of: render.spec), title: title)
    }
}

extension CSSRenderer: TextFormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.css

    static func text(of render: LaidOutScene, by renderer: Renderer) throws -> String {
        let className = "relief-" + render.spec.component.kind.rawValue
        guard render.spec.output.scheme == .auto else {
            return stylesheet(render.surfaces, className: className, summary: render.spec.summary)
        }
        return stylesheet(
            ofAppearances: try renderer.laidOutAppearances(of: render.spec), className: className,
            summary: render.spec.summary)
    }
}

extension HTMLPage: TextFormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.html

    static func text(of render: LaidOutScene, by renderer: Renderer) throws -> String {
        guard render.spec.output.scheme == .auto else {
            return try page(of: render.scene, surfaces: render.surfaces, canvas: render.canvas, spec: render.spec)
        }
        return picturePage(of: try renderer.laidOutAppearances(of: render.spec), spec: render.spec)
    }
}

extension SwiftUICodeWriter: TextFormatWriter {
    typealias Render = LaidOutScene
    static let format = RenderSpec.Format.swiftui

    /// The code reads the view tree as built; buttons, toggles and switches have another state, which
    /// it draws too. A `scheme=auto` spec's code holds each appearance's.
    static func text(of render: LaidOutScene, by renderer: Renderer) throws -> String {
        let spec = render.spec
        guard spec.output.scheme == .auto else {
            return code(for: spec, scene: render.scene, otherState: try otherState(of: spec, by: renderer))
        }
        let appearances = try renderer.laidOutAppearances(of: spec).map { appearance, render in
            (appearance, render.scene, try otherState(of: appearance.spec, by: renderer))
        }
        return code(for: spec, appearances: appearances)
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
