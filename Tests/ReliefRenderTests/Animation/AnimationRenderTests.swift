import ReliefGeometry
import ReliefMotion
import ReliefPNG
import ReliefScene
import ReliefSpec
import Testing

@testable import ReliefRender

/// SPEC §8 as the files show it: APNGs decoded frame by frame (``DecodedAnimation``) and compared
/// with the stills and with the timeline's closed forms.
@Suite("Animations as APNG")
struct AnimationRenderTests {
    let renderer = Renderer()

    func decoded(_ query: String) throws -> (spec: RenderSpec, file: [UInt8], animation: DecodedAnimation) {
        let spec = try RenderSpec.parse(query: query)
        let file = try renderer.png(for: spec).bytes
        return (spec, file, try DecodedAnimation(file))
    }

    @Test func aSwitchTurningOnIsAnAPNGFromOneStillToTheOther() throws {
        let (spec, file, animation) = try decoded("component=switch&style=colorful&on=true&animate=true&scale=2")
        let still = try renderer.image(for: spec), before = try renderer.image(for: spec.otherState)
        #expect((animation.width, animation.height) == (still.width, still.height))
        #expect(animation.declaredFrames == animation.controls.count && animation.controls.count > 2)
        #expect(animation.plays == 1)
        // A viewer without APNG support shows the asked-for state.
        #expect(animation.hasSeparateDefaultImage)
        #expect(try PNGDecoder.decode(file).rgba == still.rgba)
        #expect(animation.canvases.first == before.rgba, "the first frame is the other state's still")
        #expect(animation.canvases.last == still.rgba)
        // Every frame replaces its rectangle and stays; those after the first hold only part of the canvas.
        #expect(animation.controls.allSatisfy { $0.dispose == 0 && $0.blend == 0 })
        #expect(
            animation.controls[0]
                == .init(
                    width: still.width, height: still.height, x: 0, y: 0,
                    delay: 1.0 / 30, dispose: 0, blend: 0))
        for control in animation.controls.dropFirst() {
            #expect(control.width * control.height < still.width * still.height / 2)
            #expect(control.x + control.width <= still.width && control.y + control.height <= still.height)
        }
        // The frames play for the timeline's duration, to within a frame, and the last stays.
        let duration = try SceneTransition(spec: spec, shaper: renderer.textShaper).timeline.duration
        #expect(abs(animation.playingTime - duration) < 1.0 / 30)
        #expect(animation.controls.last?.delay == 0)
    }

    /// The knob's ring, read along the switch's middle row: where the blue of the colorful ring
    /// and fill rises halfway from the dark well, from the left and from the right, in pixels.
    func knobEdges(_ canvas: [UInt8], width: Int, frame: Rect, scale: Double) -> (left: Double, right: Double) {
        let row = Int(frame.center.y * scale)
        let blueness = { (x: Int) -> Double in
            let pixel = (row * width + x) * 4
            return Double(canvas[pixel + 2]) - Double(canvas[pixel])
        }
        // From just inside the track's own ring at one end towards the other: the knob's ring is
        // the first thing as blue as the bluest on the way, far bluer than the green ON word.
        let inside = 5 * scale
        let (leftStart, rightStart) = (Int((frame.minX * scale + inside).rounded()), Int((frame.maxX * scale - inside).rounded()))
        func crossing(from start: Int, step: Int) -> Double {
            var (x, floor) = (start, blueness(start))
            let peak = stride(from: start, through: step > 0 ? rightStart : leftStart, by: step).map(blueness).max() ?? floor
            let half = (floor + peak) / 2
            while blueness(x + step) < half { x += step }
            // Between x and the next pixel the blueness passes half: interpolate, in pixel edges.
            let (a, b) = (blueness(x), blueness(x + step))
            return Double(x) + 0.5 + Double(step) * (0.5 + (half - a) / (b - a))
        }
        let left = crossing(from: leftStart, step: 1)
        let right = crossing(from: rightStart, step: -1)
        return (left, right)
    }

    /// SPEC §8 at 20 frames a second, so that 0.2 s and 0.25 s are frames: the knob is wider at
    /// 0.2 s than at rest, and its frame's left edge at 0.25 s is where the spring and the width
    /// animations put it, within a pixel.
    @Test func theKnobStretchesAndSpringsAsSeedFourDoes() throws {
        let (spec, _, animation) = try decoded("component=switch&style=colorful&on=true&animate=true&scale=2&fps=20")
        // The switch where its served animation's canvas has it.
        let scene = try #require(try renderer.servedScreen(of: spec).componentScene)
        let scale = spec.output.scale
        // At rest the knob is measured turned on, where its ring is as blue as it gets.
        let rest = knobEdges(
            animation.canvases[animation.canvases.count - 1], width: animation.width, frame: scene.frame, scale: scale)
        let widest = knobEdges(animation.canvas(at: 0.2), width: animation.width, frame: scene.frame, scale: scale)
        #expect(widest.right - widest.left > rest.right - rest.left + 20 * scale)

        let moving = knobEdges(animation.canvas(at: 0.25), width: animation.width, frame: scene.frame, scale: scale)
        let ease = TimingCurve.easeInOut
        let control = try #require(spec.component.switchOptions)
        let (width, height, knob) = (scene.frame.width, control.frame.height, control.knob)
        let frameWidth = (height + knob) + (width - height) * (ease.value(at: 0.25 / 0.2) - ease.value(at: 0.25 / 0.4))
        // Turning on, the frame starts against the left end (0) and ends against the right (width − f).
        let (start, end) = (0.0, width - frameWidth)
        let left = end + (start - end) * Spring.seed004.remaining(at: 0.25)
        // The ring is centred on the knob's outline, padding inside its frame: its outer edge is a
        // point further out.
        let expected = (scene.frame.minX + left + control.padding - 1) * scale
        #expect(abs(moving.left - expected) <= 1, "the knob's ring starts at \(moving.left) px, §8 puts it at \(expected)")
    }

    /// Expects each canvas the file shows at a frame's time to be, pixel for pixel, the still
    /// `renderer` draws of the transition's scene at that time: no pixel a frame leaves out differs
    /// from it, not even by a level.
    func expectEveryCanvasIsTheStillOfItsTime(_ animation: DecodedAnimation, spec: RenderSpec, renderer: Renderer) throws {
        let transition = try SceneTransition(spec: spec, shaper: renderer.textShaper)
        for time in transition.timeline.frameTimes(framesPerSecond: spec.output.animation!.framesPerSecond) {
            var still = try renderer.image(of: try transition.scene(at: time), scale: spec.output.scale)
            still.simulate(spec.output.simulation, scale: spec.output.scale)
            #expect(animation.canvas(at: time) == still.rgba, "the canvas at \(time) s")
        }
    }

    /// Between the ends too, what a viewer sees at each frame's time is the still of that time,
    /// though each frame is drawn, and holds, only where it changed.
    @Test(arguments: [
        "component=switch&animate=true&scale=2",
        "component=switch&style=colorful&on=true&animate=true&fps=20",
        "component=switch&style=dark&on=true&animate=true&simulate=lowvision&fps=10",
        "component=toggle&style=soft&on=true&animate=true&label=Go&icon=power",
        "style=dark&pressed=true&animate=true&shape=capsule&label=Order%20now",
        "component=checkbox&style=soft&on=true&animate=true&label=Subscribe&fps=20",
        "component=textfield&style=light&focused=true&animate=true&fps=20",
    ])
    func everyCanvasIsTheStillOfItsTime(query: String) throws {
        let (spec, _, animation) = try decoded(query)
        try expectEveryCanvasIsTheStillOfItsTime(animation, spec: spec, renderer: renderer)
    }

    /// Every kind of render starts on the other state's still and ends on its own.
    @Test(arguments: [
        "animate=true&pressed=true",
        "style=dark&pressed=true&animate=true&shape=capsule&label=Order%20now",
        "style=colorful&animate=true&icon=star&fps=10",
        "component=toggle&style=soft&on=true&animate=true&textsize=ax2&label=Go&icon=power",
        "component=toggle&style=light&on=true&animate=true&contrast=high&shape=rounded",
        "component=switch&style=soft&animate=true&onlabel=Einschalten&fps=12",
        "component=switch&style=dark&on=true&animate=true&simulate=lowvision&fps=10",
        "component=switch&style=light&on=true&animate=true&simulate=deuteranopia&color=5b8def&light=135&fps=10",
        "style=soft&pressed=true&animate=true&scale=1.5&surface=convex&distance=12&background=transparent",
        "component=checkbox&style=light&on=true&animate=true&label=Subscribe&scale=2",
        "component=checkbox&style=colorful&animate=true&fps=20",
        "component=radio&style=soft&on=true&animate=true&scale=3",
        "component=radio&style=dark&on=true&animate=true&label=Weekly&contrast=high",
        "component=textfield&style=soft&focused=true&animate=true&text=Hello",
        "component=textfield&style=colorful&focused=true&animate=true&accent=ff6a00&background=transparent",
    ])
    func startsAndEndsOnTheStills(query: String) throws {
        let (spec, file, animation) = try decoded(query)
        #expect(animation.canvases.first == (try renderer.image(for: spec.otherState)).rgba)
        #expect(animation.canvases.last == (try renderer.image(for: spec)).rgba)
        #expect(try PNGDecoder.decode(file).rgba == (try renderer.image(for: spec)).rgba)
        // A button's or toggle's change takes SwiftUI's quarter second, to within a frame.
        if spec.component.kind != .switch {
            #expect(abs(animation.playingTime - 0.25) < 1 / spec.output.animation!.framesPerSecond)
        }
    }

    /// Drawn in many bands, as large images are, an animation still starts and ends on the stills,
    /// and shows the still of its time in between: what lies beneath the part that changes is drawn
    /// once, band by band, and each picture makes its own wide shadows.
    @Test(arguments: [
        "component=switch&style=dark&on=true&animate=true&fps=10",
        "style=soft&pressed=true&animate=true&scale=4&fps=10",
    ])
    func drawnInBandsItStartsAndEndsOnTheStills(query: String) throws {
        var configuration = Renderer.Configuration()
        configuration.bandPixels = 1 << 12
        let banded = Renderer(configuration: configuration)
        let spec = try RenderSpec.parse(query: query)
        let animation = try DecodedAnimation(try banded.png(for: spec).bytes)
        let still = try banded.image(for: spec)
        try #require(still.width * still.height > 8 << 12, "an image of many bands")
        #expect(animation.canvases.first == (try banded.image(for: spec.otherState)).rgba)
        #expect(animation.canvases.last == still.rgba)
        try expectEveryCanvasIsTheStillOfItsTime(animation, spec: spec, renderer: banded)
    }

    /// loop=true plays the change, holds the end 1 s, plays it back and holds the start 1 s, for ever.
    @Test func aLoopGoesThereAndBackHoldingEachEnd() throws {
        let (spec, _, animation) = try decoded("component=toggle&style=colorful&on=true&animate=true&loop=true&fps=10")
        let start = try renderer.image(for: spec.otherState).rgba, end = try renderer.image(for: spec).rgba
        #expect(animation.plays == 0)
        let holds = animation.controls.indices.filter { animation.controls[$0].delay == 1 }
        #expect(holds.count == 2)
        #expect(animation.canvases[holds[0]] == end)
        #expect(holds[1] == animation.controls.count - 1 && animation.canvases[holds[1]] == start)
        // The way back shows the way there in reverse, pixel for pixel.
        let there = animation.canvases[1..<holds[0]], back = animation.canvases[(holds[0] + 1)..<holds[1]]
        #expect(there.count == back.count && !there.isEmpty)
        #expect(Array(there.reversed()) == Array(back))
    }

    @Test func framesPastTheBudgetAreRefusedNamingFps() throws {
        let spec = try RenderSpec.parse(query: "component=switch&width=900&scale=4&animate=true&fps=60&loop=true")
        do {
            _ = try renderer.png(for: spec)
            Issue.record("an animation of \(RenderSpec.Limits.maxAnimationPixels * 2) pixels was drawn")
        } catch let error as SpecError {
            #expect(error.parameter == "fps")
            #expect(error.detail.contains("\(RenderSpec.Limits.maxAnimationPixels)"))
        }
    }
}
