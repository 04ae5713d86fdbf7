import ReliefGeometry
import ReliefPNG
import ReliefScene
import ReliefSpec

/// A back end of one output format (SPEC §10): it writes the file of a spec, or of a screen (SPEC §14),
/// from the scene the PNG is drawn from, laid out, so no format describes a look a second time. The
/// format's media type, file extensions and label are its keys in ReliefSpec
/// (``RenderSpec/Format/keys``), which the `format` parameter and `/openapi.json` read;
/// ``RenderSpec/Format/writer`` maps each format to its writer of a component, and
/// ``RenderSpec/Format/screenWriter`` to its writer of a screen: the same writer where it reads only
/// the canvas (``LaidOutCanvas``), as PNG and SVG do.
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

/// What every laid-out tree has, a component's (the tree of one) and a screen's: the scene on its
/// canvas, laid out, the pixels it fills and the image's output, which the PNG and SVG writers read.
protocol LaidOutCanvas {
    /// The canvas: the tree with its margin around it, over its background.
    var scene: Scene { get }
    /// The scene's view tree placed on the canvas.
    var content: PlacedNode { get }
    /// The image's size in pixels, within the limits.
    var pixels: (width: Int, height: Int) { get }
    var output: RenderSpec.Output { get }
    /// What is drawn, in words, for titles and comments: `light round button with a heart icon`.
    var summary: String { get }

    /// The frames of the tree's change into the state asked for (`animate=true`), which an image
    /// format's writer encodes.
    func animation(by renderer: Renderer, supervisor: RenderSupervisor) throws -> PNGEncoder.Animation
}

extension LaidOutCanvas {
    /// The canvas in points as the PNG has it: its pixels at the output's scale.
    var canvas: Size {
        Size(Double(pixels.width) / output.scale, Double(pixels.height) / output.scale)
    }
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

/// A back end of a format that holds several appearances in one answer, the viewer's settings
/// picking one (`scheme=auto`, ``RenderSpec/Format/Keys/adaptsToAppearance``). The renderer lays
/// out the appearances once (``Renderer/laidOutAppearances(of:)``) and hands them to
/// ``text(ofAppearances:asked:by:)``; every other answer is ``text(of:by:)``'s.
protocol AdaptingFormatWriter<Render>: TextFormatWriter {
    /// The text of every appearance in `appearances`, in the order ``RenderSpec/appearances()``
    /// gives, of the `scheme=auto` spec asked for, `spec`.
    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, render: Render)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String
}

/// A back end of an image format (PNG, WebP, AVIF) of any laid-out tree: its canvas drawn, or with
/// `animate=true` the frames of its change, by the one pixel back end, and encoded by the format's
/// encoder of the effort asked.
protocol ImageFormatWriter<Render>: FormatWriter where Render: LaidOutCanvas {
    /// The file of one picture.
    static func encode(_ image: RenderedImage, by encoders: Renderer.Encoders) throws -> [UInt8]
    /// The file of an animation's frames.
    static func encode(_ animation: PNGEncoder.Animation, by encoders: Renderer.Encoders) throws -> [UInt8]
}

extension ImageFormatWriter {
    static func file(
        of render: Render, by renderer: Renderer, effort: Renderer.EncodingEffort, supervisor: RenderSupervisor
    ) throws -> WrittenFile {
        let clock = ContinuousClock()
        // The encoder's memory beyond a PNG's, reserved with the drawing's.
        var supervisor = supervisor
        let reserve = supervisor.reserve,
            encoding = Renderer.estimatedEncoderBytes(format, pixels: render.pixels.width * render.pixels.height)
        supervisor.reserve = { try reserve($0 + encoding) }
        guard render.output.animation != nil else {
            let image = try renderer.image(
                of: render.scene, content: render.content, pixels: render.pixels, output: render.output,
                supervisor: supervisor)
            let start = clock.now
            let bytes = try encode(image, by: renderer.encoders(effort))
            return WrittenFile(bytes: bytes, encodeDuration: clock.now - start)
        }
        let frames = try render.animation(by: renderer, supervisor: supervisor)
        let start = clock.now
        let bytes = try encode(frames, by: renderer.encoders(effort))
        return WrittenFile(bytes: bytes, encodeDuration: clock.now - start)
    }
}

/// The bytes a back end wrote, and the part of its time spent encoding them.
struct WrittenFile {
    let bytes: [UInt8]
    /// Time spent encoding an image; zero for text, which is written as it is walked.
    let encodeDuration: Duration
}

/// The scene of a spec laid out for drawing or writing, and the pixels it fills: a component's tree of one.
struct LaidOutScene: LaidOutCanvas, Sendable {
    let spec: RenderSpec
    let scene: Scene
    /// The view tree placed in the component's frame.
    let content: PlacedNode
    /// The image's size in pixels, within the limits.
    let pixels: (width: Int, height: Int)

    var output: RenderSpec.Output { spec.output }
    var summary: String { spec.summary }

    /// The laid-out scene's surfaces, which CSS, HTML and the design tokens read.
    var surfaces: SceneSurfaces { SceneSurfaces(content) }

    func animation(by renderer: Renderer, supervisor: RenderSupervisor) throws -> PNGEncoder.Animation {
        try renderer.animation(for: spec, supervisor: supervisor)
    }
}
