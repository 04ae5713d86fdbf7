import ReliefGeometry
import ReliefPNG
import ReliefRaster
import ReliefScene
import ReliefScreen
import ReliefSpec

/// A screen drawn as views and put on its canvas: what every format of a screen reads.
public struct LaidOutScreen: LaidOutCanvas, Sendable {
    public let drawing: ScreenDrawing
    /// The canvas: the layout with ``margin`` on every side, over the screen's background.
    public let scene: Scene
    /// The view tree placed on the canvas.
    let content: PlacedNode
    /// Points around the layout on every side.
    public let margin: Double
    /// The image's size in pixels, within the limits.
    public let pixels: (width: Int, height: Int)
    /// With `animate=true`, the change its PNG shows.
    let transition: ScreenTransition?

    var request: ScreenRequest { drawing.request }
    var output: RenderSpec.Output { drawing.request.page.output }

    /// The frames of a screen's change: every element with a state to change animating together
    /// (``ScreenTransition``), drawn as a component's animation is
    /// (``Renderer/animation(for:supervisor:)``): the first frame is the screen with those elements in
    /// their other state, the last the still, pixel for pixel.
    func animation(by renderer: Renderer, supervisor: RenderSupervisor) throws -> PNGEncoder.Animation {
        guard let transition, let animation = output.animation else { preconditionFailure("a still screen has no frames") }
        return try renderer.animation(
            from: drawing.scene(margin: margin, content: try transition.content(at: 0)), to: scene,
            times: transition.frameTimes(framesPerSecond: animation.framesPerSecond),
            sceneAt: { time in drawing.scene(margin: margin, content: try transition.content(at: time)) },
            output: output, pixels: pixels, tooLarge: request.page.animationTooLargeError, supervisor: supervisor)
    }
}

extension Renderer {
    /// `request` laid out with the installed fonts and put on its canvas: with the query's margin, or
    /// else `/render`'s default margin: as far as any shadow or blur shows past the layout
    /// (``PlacedNode/visibleBounds``: 3σ) with every element in either of its states, so that a still
    /// and the animation ending on it share their canvas, and at least the least margin of the
    /// components it holds (``ScreenRequest/leastMargin``), so that a screen of one component is
    /// the canvas of its `/render`.
    ///
    /// Throws a ``SpecError`` naming `source` (or `scale`, when above 1) when the screen is larger than
    /// the pixel limits, so every format of it is refused alike, before anything is drawn.
    public func laidOutScreen(_ request: ScreenRequest, glyphs: Scene.Glyphs = .drawn) throws -> LaidOutScreen {
        let drawing = try ScreenDrawing(request, glyphs: glyphs, shaper: textShaper)
        let transition = request.page.output.animation == nil ? nil : try ScreenTransition(drawing, shaper: textShaper)
        let scale = request.page.output.scale
        var margin = 0.0
        if let given = request.page.output.margin {
            margin = given
        } else {
            let contents = [drawing.content, try drawing.contentInOtherStates(shaper: textShaper)]
            let reach = try contents.map { try $0.reach(pastFrameOf: drawing.size, shaper: textShaper) }.max() ?? 0
            margin = min(max(request.leastMargin, reach), RenderSpec.Limits.margin.upperBound)
        }
        let scene = drawing.scene(margin: margin)
        let pixels = Self.pixelSize(of: scene, scale: scale)
        guard RenderSpec.Limits.allow(pixels) else {
            let parameter = scale > 1 ? "scale" : ScreenRequest.sourceName
            throw SpecError(
                parameter: parameter, allowed: "a screen within " + RenderSpec.Limits.pixelBounds,
                detail: "the screen is \(DecimalText.format(drawing.size.width))x\(DecimalText.format(drawing.size.height)) "
                    + "points with a margin of \(DecimalText.format(margin)), \(pixels.width)x\(pixels.height) pixels at scale "
                    + "\(DecimalText.format(scale)), more than the pixel budget of \(RenderSpec.Limits.pixelBounds); "
                    + "use a smaller layout, textsize or scale")
        }
        return LaidOutScreen(
            drawing: drawing, scene: scene, content: try scene.content.placed(in: scene.frame, shaper: textShaper),
            margin: margin, pixels: pixels, transition: transition)
    }

    /// `request` in its `format`, written by that format's back end of a screen
    /// (``RenderSpec/Format/screenWriter``) from the one laid-out screen.
    public func file(
        for request: ScreenRequest, effort: EncodingEffort = .smallest, supervisor: RenderSupervisor = .unsupervised
    ) throws -> RenderedFile {
        let clock = ContinuousClock()
        let start = clock.now
        let format = request.page.output.format
        let written = try format.screenWriter.file(
            of: laidOutScreen(request), by: self, effort: effort, supervisor: supervisor)
        return RenderedFile(
            bytes: written.bytes, format: format.written, renderDuration: clock.now - start - written.encodeDuration,
            encodeDuration: written.encodeDuration)
    }
}

extension RenderSpec.Format {
    /// The back end that writes a screen in this format: the writer of any laid-out tree
    /// (``LaidOutCanvas``) where the format reads only the canvas, as ``writer`` is of a component.
    var screenWriter: any FormatWriter<LaidOutScreen>.Type {
        switch self {
        case .png, .auto: PNGWriter<LaidOutScreen>.self
        case .webp: WebPWriter<LaidOutScreen>.self
        case .avif: AVIFWriter<LaidOutScreen>.self
        case .svg: SVGWriter<LaidOutScreen>.self
        case .css: CSSRenderer.Screen.self
        case .html: HTMLPage.Screen.self
        case .swiftui: SwiftUICodeWriter.Screen.self
        case .json: DesignTokens.Screen.self
        }
    }
}
