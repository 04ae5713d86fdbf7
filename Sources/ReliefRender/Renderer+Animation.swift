import ReliefPNG
import ReliefRaster
import ReliefScene
import ReliefSpec

extension PlacedNode {
    /// The parts drawn one over another, in order: a group's children, each group among them opened
    /// in turn (a moved group's parts each moved alike), so that a screen's elements and each
    /// component's own parts (a switch's track, words and knob) are parts of their own; or the node
    /// itself. Drawn in order onto one picture they are the node, pixel for pixel.
    fileprivate var parts: [PlacedNode] {
        switch self {
        case .group(let children):
            return children.flatMap(\.parts)
        case .offset(let child, let delta):
            let inner = child.parts
            return inner.count == 1 ? [self] : inner.map { .offset($0, delta) }
        default:
            return [self]
        }
    }
}

extension Renderer {
    /// How many pictures `spec`'s animation draws, one a frame time of its timeline
    /// (``Timeline/frameTimes(framesPerSecond:)``), at the frame the query asks for: a label that
    /// grows a switch lengthens its knob's travel, and the renderer counts again once laid out.
    public static func animationPictureCount(for spec: RenderSpec) -> Int {
        guard let animation = spec.output.animation else { return 1 }
        let timeline = SceneTransition.timeline(for: spec, frameWidth: spec.component.frame.width)
        return timeline.frameTimes(framesPerSecond: animation.framesPerSecond).count
    }

    /// The images an animation of `pictures` pictures is encoded as: every frame shown — there and
    /// back with `loops` — and the default image.
    public static func animationImageCount(pictures: Int, loops: Bool) -> Int {
        (loops ? 2 * pictures - 1 : pictures) + 1
    }

    /// The most memory an animation holds at once on a `width` × `height` canvas, beyond what the
    /// process holds anyway, encoding included, when its pictures — one a frame time of its
    /// timeline, in order — are drawn over `regions` pixels each (the two ends whole). 4 MiB for
    /// the scenes and their laid-out trees, then 4 bytes a pixel of:
    ///
    /// - with `loops`, every picture, each kept until it is shown on the way back, and as much again
    ///   for the frames made from it, the way there and back, which hold what changed (a frame that
    ///   changed all of its picture shares its pixels, so an animation that changes everywhere
    ///   holds half of this);
    /// - without, the frames, each at most its picture, and the picture being drawn.
    ///
    /// Beside those, the larger of what drawing and encoding hold:
    ///
    /// - drawing: the canvas as shown (4 bytes a pixel), what lies beneath the parts that move,
    ///   composited once (16), and one picture's drawing (``drawingBytes(width:height:simulation:)``
    ///   of the canvas, the largest region);
    /// - encoding: a byte a pixel of every picture encoded — the default image and every frame —
    ///   for the palette indices, and a quarter for the compressed streams and the file.
    public static func estimatedAnimationPeakBytes(
        width: Int, height: Int, regions: [Int], loops: Bool,
        simulation: RenderSpec.Simulation
    ) -> Int {
        let canvas = width * height
        let drawn = regions.reduce(0, +)
        let pictures = loops ? 2 * drawn : drawn + (regions.max() ?? 0)
        let encoded = canvas + (loops ? 2 * drawn : drawn)
        let drawing = 20 * canvas + drawingBytes(width: width, height: height, simulation: simulation)
        return (4 << 20) + 4 * pictures + max(drawing, encoded + encoded / 4)
    }

    /// The frames of a change from the still `start` to the still `end` on a canvas of `pixels`, its
    /// pictures `sceneAt` each of `times` (the first 0, the last its end), drawn and shown as
    /// `output` says (scale, simulation, fps and loop), SPEC §8: a screen's change
    /// (``LaidOutScreen/animation(by:supervisor:)``), a component's `/render` being its one-element screen's.
    ///
    /// - The first picture is `start`'s still and the last `end`'s, each pixel for pixel what a still
    ///   of that state draws. With `loop`, the way back follows: the last frame held 1 s, the frames
    ///   in reverse, the first held 1 s, for ever; otherwise it plays once.
    /// - A frame after the first is drawn only over the pixels where its laid-out tree can differ
    ///   from its neighbours' (``PlacedNode/pixelsChanged(to:scale:translation:)``), in the bands a
    ///   still is drawn in, so that every canvas the file shows is the still of its time, pixel for
    ///   pixel; it holds only the rectangle of pixels that did change (``FrameSequence``), and shares
    ///   its picture's pixels when that is all of them. `simulate=lowvision`, whose blur and
    ///   contrast reach across the whole image, draws whole frames.
    /// - Each picture is let go once it has been shown for the last time: at once without `loop`,
    ///   on the way back with it.
    /// - A viewer without APNG support shows the asked-for state: the file's default image.
    ///
    /// More images than the animation limit allows are refused with `tooLarge(images, pixels)`.
    /// `supervisor` is asked once for the animation's memory, once its scenes are laid out and
    /// before any pixel is drawn (``estimatedAnimationPeakBytes(width:height:regions:loops:simulation:)``
    /// of the regions its pictures are drawn in), and whether to go on before each band.
    func animation(
        from start: Scene, to end: Scene, times: [Double], sceneAt: (Double) throws -> Scene, output: RenderSpec.Output,
        pixels: (width: Int, height: Int), tooLarge: (Int, (width: Int, height: Int)) -> SpecError,
        supervisor: RenderSupervisor
    ) throws -> PNGEncoder.Animation {
        guard let animation = output.animation else { preconditionFailure("a still has no frames") }
        let images = Self.animationImageCount(pictures: times.count, loops: animation.loops)
        guard RenderSpec.Limits.allowAnimation(images: images, of: pixels) else {
            throw tooLarge(images, pixels)
        }
        let canvas = PixelRect(width: pixels.width, height: pixels.height)
        let scenes = try times.map(sceneAt)
        let contents = try scenes.map(laidOutParts)
        // Where each frame can differ from the one before it.
        let changes =
            [PixelRect.empty]
            + (1..<scenes.count).map { k in
                output.simulation == .lowvision || scenes[k].background != scenes[k - 1].background
                    ? canvas : contents[k - 1].pixelsChanged(to: contents[k], scale: output.scale).intersection(canvas)
            }
        let last = scenes.count - 1
        // Each frame in between is drawn where it can differ from the frame it follows: the one
        // before it, and on the way back the one after it. The ends are drawn whole.
        let regions = (0...last).map { k in
            k == 0 || k == last ? canvas : changes[k].union(animation.loops ? changes[k + 1] : .empty)
        }
        try supervisor.reserve(
            Self.estimatedAnimationPeakBytes(
                width: pixels.width, height: pixels.height,
                regions: regions.map(\.area), loops: animation.loops,
                simulation: output.simulation))
        // The transition's ends are the stills' scenes.
        let stills = [start, end]
        let stillContents = try stills.map(laidOutParts)
        // What lies beneath the first part that changes (a screen's elements before it, a switch's
        // track and words) is the same in every picture: it is drawn once, in the stills' bands, as
        // the still draws it, and composited once into one layer a band, which each picture would
        // otherwise draw, and composite layer by layer, again. Drawn only over a frame's region, a
        // part whose blurs reach past the region's edge would miss the still there by up to 23
        // levels, and leave those pixels wrong in the frames after it.
        let parts = (stillContents + contents).map(\.parts)
        let sameGround = (stills + scenes).allSatisfy { $0.background == stills[0].background }
        let shared =
            sameGround ? parts[0].indices.prefix { i in parts.allSatisfy { $0.count > i && $0[i] == parts[0][i] } }.count : 0
        let banded = PixelRenderer(scale: output.scale, canvas: canvas, bandPixels: bandPixels, shadowCache: shadowCache)
        let beneath: [Layer]? =
            !sameGround
            ? nil
            : try banded.bands.map { band in
                try supervisor.checkWanted()
                var drawn = banded.ground(of: stills[0], over: band)
                banded.draw(parts: 0..<shared, of: stillContents[0], onto: &drawn, region: band)
                return drawn.flattened()
            }
        let frame = 1 / animation.framesPerSecond, hold = 1.0
        func picture(_ k: Int) throws -> PixelPatch {
            let (scene, content) =
                k == 0 ? (stills[0], stillContents[0]) : k == last ? (stills[1], stillContents[1]) : (scenes[k], contents[k])
            return try patch(
                scene, content: content, over: beneath, from: shared, region: regions[k], output: output,
                canvas: canvas, supervisor: supervisor)
        }
        // Each picture is shown as soon as it is drawn. A frame in between is compared with what is
        // shown where it can change; an end over the whole canvas, as it is drawn from the still's
        // scene, not the one its region comes from. With loop, every picture but the last waits for
        // the way back, where it is shown for the last time and let go; without, it is let go at once.
        let first = try picture(0)
        var sequence = FrameSequence(first: first)
        var wayBack = animation.loops ? [first] : []
        for k in 1..<last {
            let drawn = try picture(k)
            sequence.show(drawn, where: changes[k], after: frame)
            if animation.loops { wayBack.append(drawn) }
        }
        let end = try picture(last)
        sequence.show(end, where: canvas, after: frame)
        if animation.loops {
            for k in (0..<last).reversed() {
                sequence.show(wayBack.removeLast(), where: k == 0 ? canvas : changes[k + 1], after: k == last - 1 ? hold : frame)
            }
            sequence.wait(hold)
        }
        return PNGEncoder.Animation(
            width: pixels.width, height: pixels.height, frames: sequence.frames,
            plays: animation.loops ? 0 : 1, defaultImage: .separate(rgba: end.rgba))
    }

    /// `scene` laid out as the group of its parts (``PlacedNode/parts``), which draws as its content does.
    private func laidOutParts(_ scene: Scene) throws -> PlacedNode {
        .group(try scene.content.placed(in: scene.frame, shaper: textShaper).parts)
    }

    /// `region` of `scene`, a picture of the animation, pixel for pixel what
    /// ``image(for:glyphs:supervisor:)`` draws there of the scene as a still, in the same bands: its
    /// parts from `shared` on drawn over `beneath`, a band's layer each, or over its own ground
    /// without it. A blur's working area is cut where its band is, so a frame drawn otherwise than
    /// in the still's bands would differ from the still by a level here and there.
    private func patch(
        _ scene: Scene, content: PlacedNode, over beneath: [Layer]?, from shared: Int, region: PixelRect,
        output: RenderSpec.Output, canvas: PixelRect, supervisor: RenderSupervisor
    ) throws -> PixelPatch {
        precondition(
            Self.pixelSize(of: scene, scale: output.scale) == (canvas.width, canvas.height),
            "a picture fills the animation's canvas")
        // A painter of its own: the wide shadows it keeps are those of this picture's parts, whose
        // paths the other pictures' parts share.
        let painter = PixelRenderer(scale: output.scale, canvas: canvas, bandPixels: bandPixels, shadowCache: shadowCache)
        let rgba = try Self.rgba(of: painter, region: region, supervisor: supervisor) { index, part in
            var picture = LayerStack()
            if let beneath { picture.draw(beneath[index], clip: part) } else { picture = painter.ground(of: scene, over: part) }
            painter.draw(parts: shared..<content.parts.count, of: content, onto: &picture, region: part)
            return picture
        }
        var image = RenderedImage(width: region.width, height: region.height, rgba: rgba)
        image.simulate(output.simulation, scale: output.scale)
        return PixelPatch(image, at: region)
    }
}
