import ReliefGeometry
import ReliefPNG
import ReliefScene
import ReliefSpec

/// A back end of one output format (SPEC §10): it writes the file of any laid-out tree, a screen
/// (SPEC §14) or a component's `/render`, which is the screen of that component alone, from the
/// scene the PNG is drawn from, so no format describes a look a second time. The format's media
/// type, file extensions and label are its keys in ReliefSpec (``RenderSpec/Format/keys``), which the
/// `format` parameter and `/openapi.json` read; ``RenderSpec/Format/writer`` maps each format to its
/// writer.
protocol FormatWriter {
    /// The file of `screen`, drawn or written with `renderer`'s fonts and encoders; `effort` is how
    /// hard an encoder works and `supervisor` watches the drawing of pixels.
    static func file(
        of screen: LaidOutScreen, by renderer: Renderer, effort: Renderer.EncodingEffort, supervisor: RenderSupervisor
    ) throws -> WrittenFile
}

/// A back end that writes text, in one short step whatever the effort, which nothing supervises.
protocol TextFormatWriter: FormatWriter {
    /// The text of `screen`.
    static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String
}

extension TextFormatWriter {
    static func file(
        of screen: LaidOutScreen, by renderer: Renderer, effort: Renderer.EncodingEffort, supervisor: RenderSupervisor
    ) throws -> WrittenFile {
        WrittenFile(bytes: Array(try text(of: screen, by: renderer).utf8), encodeDuration: .zero)
    }
}

/// A back end of a format that holds several appearances in one answer, the viewer's settings
/// picking one (`scheme=auto`, ``RenderSpec/Format/Keys/adaptsToAppearance``). The renderer lays
/// out each appearance's screen once (``Renderer/file(for:effort:supervisor:)``) and hands them to
/// ``text(ofAppearances:asked:by:)``; every other answer is ``text(of:by:)``'s.
protocol AdaptingFormatWriter: TextFormatWriter {
    /// The text of every appearance in `appearances`, in the order ``RenderSpec/appearances()``
    /// gives, of the `scheme=auto` spec asked for, `spec`.
    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, screen: LaidOutScreen)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String
}

/// A back end of an image format (PNG, WebP, AVIF) of any laid-out tree: its canvas drawn, or with
/// `animate=true` the frames of its change, by the one pixel back end, and encoded by the format's
/// encoder of the effort asked.
protocol ImageFormatWriter: FormatWriter {
    /// The format this back end encodes, whose encoder's memory the drawing reserves.
    static var format: RenderSpec.Format { get }
    /// The file of one picture.
    static func encode(_ image: RenderedImage, by encoders: Renderer.Encoders) throws -> [UInt8]
    /// The file of an animation's frames.
    static func encode(_ animation: PNGEncoder.Animation, by encoders: Renderer.Encoders) throws -> [UInt8]
}

extension ImageFormatWriter {
    static func file(
        of screen: LaidOutScreen, by renderer: Renderer, effort: Renderer.EncodingEffort, supervisor: RenderSupervisor
    ) throws -> WrittenFile {
        let clock = ContinuousClock()
        // The encoder's memory beyond a PNG's, reserved with the drawing's.
        var supervisor = supervisor
        let reserve = supervisor.reserve,
            encoding = Renderer.estimatedEncoderBytes(
                format, effort: effort, pixels: screen.pixels.width * screen.pixels.height,
                animated: screen.output.animation != nil)
        supervisor.reserve = { try reserve($0 + encoding) }
        guard screen.output.animation != nil else {
            let image = try renderer.image(of: screen, supervisor: supervisor)
            let start = clock.now
            let bytes = try encode(image, by: renderer.encoders(effort))
            return WrittenFile(bytes: bytes, encodeDuration: clock.now - start)
        }
        let frames = try screen.animation(by: renderer, supervisor: supervisor)
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

/// A component's scene laid out in its own frame (margin 0, its own points): what the design tokens,
/// CSS, HTML and SwiftUI of a screen's component read (``ScreenPart/component``).
struct LaidOutScene: Sendable {
    let spec: RenderSpec
    let scene: Scene
    /// The view tree placed in the component's frame.
    let content: PlacedNode

    /// The laid-out scene's surfaces, which the design tokens read.
    var surfaces: SceneSurfaces { SceneSurfaces(content) }
}
