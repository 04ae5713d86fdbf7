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
    /// `spec` in its `format` (SPEC §10): the PNG, or the text another back end writes by walking
    /// the same scene — laid out (``SVGRenderer``, ``CSSRenderer``, ``HTMLPage``, ``DesignTokens``)
    /// or as built (``SwiftUICodeWriter``).
    ///
    /// Throws a ``SpecError`` when text or an icon grows the image past the pixel limits, as
    /// ``image(for:glyphs:supervisor:)`` does, so every format of a query is refused alike;
    /// `supervisor` watches a PNG's drawing (text is written in one short step). `effort` is how
    /// hard a PNG's encoder works; text is the same whatever it is.
    public func file(
        for spec: RenderSpec, effort: EncodingEffort = .smallest,
        supervisor: RenderSupervisor = .unsupervised
    ) throws -> RenderedFile {
        guard let format = TextFormat(spec.output.format) else {
            let png = try png(for: spec, effort: effort, supervisor: supervisor)
            return RenderedFile(
                bytes: png.bytes, format: .png, renderDuration: png.renderDuration,
                encodeDuration: png.encodeDuration)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let text = try text(for: spec, in: format)
        return RenderedFile(
            bytes: Array(text.utf8), format: spec.output.format, renderDuration: clock.now - start,
            encodeDuration: .zero)
    }

    /// The formats written as text: every one but `png`.
    enum TextFormat {
        case svg, css, html, swiftui, json

        init?(_ format: RenderSpec.Format) {
            switch format {
            case .png: return nil
            case .svg: self = .svg
            case .css: self = .css
            case .html: self = .html
            case .swiftui: self = .swiftui
            case .json: self = .json
            }
        }
    }

    /// The text of `spec` in `format`.
    func text(for spec: RenderSpec, in format: TextFormat) throws -> String {
        let scene = try scene(for: spec)
        // The canvas in points as the PNG has it: its pixels at this scale.
        let pixels = try Self.allowedPixelSize(of: scene, spec: spec)
        let content = try scene.content.placed(in: scene.frame, shaper: textShaper)
        let canvas = Size(Double(pixels.width) / spec.output.scale, Double(pixels.height) / spec.output.scale)
        switch format {
        case .svg:
            return try SVGRenderer.document(of: scene, content: content, canvas: canvas, title: "Relief: " + spec.summary)
        case .css:
            return CSSRenderer.stylesheet(
                SceneSurfaces(content), className: "relief-" + spec.component.kind.rawValue,
                summary: spec.summary)
        case .html:
            return try HTMLPage.page(of: scene, surfaces: SceneSurfaces(content), canvas: canvas, spec: spec)
        case .swiftui:
            // Buttons, toggles and switches have another state, which the code draws too.
            let otherState = spec.component.kind.changesState ? try self.scene(for: spec.otherState) : nil
            return SwiftUICodeWriter.code(for: spec, scene: scene, otherState: otherState)
        case .json:
            return String(
                decoding: DesignTokens(spec: spec, scene: scene, surfaces: SceneSurfaces(content), canvas: canvas)
                    .json.serialized(indent: 2), as: UTF8.self)
        }
    }
}
