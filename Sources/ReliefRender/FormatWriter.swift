import ReliefGeometry
import ReliefScene
import ReliefSpec

/// A back end of one output format (SPEC §10): it writes the file of a spec, or of a screen (SPEC §14),
/// from the scene the PNG is drawn from, laid out, so no format describes a look a second time. The
/// format's media type, file extensions and label are its keys in ReliefSpec
/// (``RenderSpec/Format/keys``), which the `format` parameter and `/openapi.json` read;
/// ``RenderSpec/Format/writer`` maps each format to its writer of a component, and
/// ``RenderSpec/Format/screenWriter`` to its writer of a screen.
protocol FormatWriter<Render> {
    /// What it writes: a component's laid-out scene (``LaidOutScene``) or a screen (``LaidOutScreen``).
    associatedtype Render

    /// The format this back end writes.
    static var format: RenderSpec.Format { get }

    /// The file of `render`, drawn or written with `renderer`'s fonts and encoders; `effort` is how
    /// hard an encoder works and `supervisor` watches the drawing of pixels.
    static func file(
        of render: Render, by renderer: Renderer, effort: Renderer.EncodingEffort, supervisor: RenderSupervisor
    ) throws -> WrittenFile
}

/// A back end that writes text, in one short step whatever the effort, which nothing supervises.
protocol TextFormatWriter<Render>: FormatWriter {
    /// The text of `render`.
    static func text(of render: Render, by renderer: Renderer) throws -> String
}

extension TextFormatWriter {
    static func file(
        of render: Render, by renderer: Renderer, effort: Renderer.EncodingEffort, supervisor: RenderSupervisor
    ) throws -> WrittenFile {
        WrittenFile(bytes: Array(try text(of: render, by: renderer).utf8), encodeDuration: .zero)
    }
}

/// The bytes a back end wrote, and the part of its time spent encoding them.
struct WrittenFile {
    let bytes: [UInt8]
    /// Time spent encoding a PNG; zero for text, which is written as it is walked.
    let encodeDuration: Duration
}

/// The scene of a spec laid out for drawing or writing, and the pixels it fills.
struct LaidOutScene: Sendable {
    let spec: RenderSpec
    let scene: Scene
    /// The view tree placed in the component's frame.
    let content: PlacedNode
    /// The image's size in pixels, within the limits.
    let pixels: (width: Int, height: Int)

    /// The canvas in points as the PNG has it: its pixels at the spec's scale.
    var canvas: Size {
        Size(Double(pixels.width) / spec.output.scale, Double(pixels.height) / spec.output.scale)
    }

    /// The laid-out scene's surfaces, which CSS, HTML and the design tokens read.
    var surfaces: SceneSurfaces { SceneSurfaces(content) }
}
