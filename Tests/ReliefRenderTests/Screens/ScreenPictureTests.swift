import ReliefPNG
import ReliefRender
import ReliefScene
import ReliefScreen
import ReliefSpec
import Testing

/// A screen's pixels are its components' own: each drawn by its scene where the layout put it, one
/// light for all, an animation of every element at once.
@Suite("Screens as pictures")
struct ScreenPictureTests {
    let renderer = Renderer()

    func screen(_ layout: String, _ query: String = "") throws -> ScreenRequest {
        try ScreenRequest.parse(
            query: "source=" + ScreenSource.encode(layout) + (query.isEmpty ? "" : "&" + query))
    }

    func decoded(_ file: RenderedFile) throws -> DecodedImage {
        try PNGDecoder.decode(file.bytes)
    }

    /// Two buttons far enough apart that their shadows never meet: the screen on a transparent
    /// background is each button's own `/render` (transparent too) laid where the layout put it, to
    /// within the blur's rounding on another pixel grid; beyond the renders' margins only the last
    /// hundredth of a shadow's Gaussian, which `/render`'s 3σ margin cuts off, is drawn.
    @Test(arguments: RenderSpec.Style.allCases)
    func twoButtonsAreTheirOwnRendersSideBySide(style: RenderSpec.Style) throws {
        let layout = "HStack(spacing: 120) {\n    Button(icon: .play)\n    Button(icon: .plus, pressed: true)\n}"
        let request = try screen(layout, "style=\(style.rawValue)&background=transparent&margin=40")
        let laidOut = try renderer.laidOutScreen(request)
        let picture = try decoded(renderer.file(for: request))
        var composite = [UInt8](repeating: 0, count: picture.rgba.count)
        for element in laidOut.drawing.elements where element.placed.role == .component {
            let own = try decoded(
                renderer.file(
                    for: RenderSpec.parse(
                        query: try #require(element.spec).canonicalQuery.replacing("margin=0", with: "margin=40"))))
            let left = Int(laidOut.margin + element.placed.frame.minX) - 40
            let top = Int(laidOut.margin + element.placed.frame.minY) - 40
            for y in 0..<own.height {
                for x in 0..<own.width {
                    for channel in 0..<4 {
                        composite[4 * ((top + y) * picture.width + left + x) + channel] =
                            own.rgba[4 * (y * own.width + x) + channel]
                    }
                }
            }
        }
        let difference = ImageDifference(
            reference: DecodedImage(width: picture.width, height: picture.height, rgba: composite), actual: picture)
        #expect(difference.peakSignalToNoiseRatio >= 45, "\(style): \(difference.peakSignalToNoiseRatio) dB")
        #expect(difference.maximumError <= 8, "\(style): \(difference.worstPixels(3))")
    }

    /// `animate=true` animates every element that has a state, together: the first picture is the
    /// screen with each of them in its other state, the last the still, pixel for pixel.
    @Test(arguments: ["soft", "colorful"])
    func anAnimatedScreenGoesFromEveryOtherStateToTheStill(style: String) throws {
        let asked =
            "HStack(spacing: 24) {\n    Button(icon: .play, pressed: true)\n    Switch(isOn: true)\n    Card(width: 60, height: 60)\n}"
        let other = "HStack(spacing: 24) {\n    Button(icon: .play)\n    Switch()\n    Card(width: 60, height: 60)\n}"
        let animation = try DecodedAnimation(renderer.file(for: screen(asked, "style=\(style)&animate=true&fps=20")).bytes)
        let still = try decoded(renderer.file(for: screen(asked, "style=\(style)")))
        let first = try decoded(renderer.file(for: screen(other, "style=\(style)")))
        #expect(animation.canvases.count > 3)
        #expect(animation.width == still.width && animation.height == still.height)
        #expect(animation.canvases.last == still.rgba, "the last frame is the still")
        #expect(animation.canvases.first == first.rgba, "the first frame is every element in its other state")
    }

    /// Between the ends, what a viewer sees at each frame's time is the still of the screen at that
    /// time (SPEC §8): each changing element's scene of that time placed as laid out, the others as
    /// they stand. The elements before the first that changes are drawn as the still draws them; a
    /// part drawn after it, over a frame's region only, may miss the still at the region's edge by
    /// the tail of a blur beyond its reach: at most a level.
    @Test func everyCanvasOfAScreensAnimationIsTheStillOfItsTime() throws {
        let layout =
            "VStack(spacing: 16) {\n    Text(\"Settings\")\n    Toggle(\"Wi-Fi\", isOn: true)\n    Switch(isOn: true)\n"
            + "    TabBar(selected: 3)\n}\n.padding(20)"
        let request = try screen(layout, "style=dark&animate=true&fps=15")
        let animation = try DecodedAnimation(renderer.file(for: request).bytes)
        let laidOut = try renderer.laidOutScreen(request)
        let transition = try ScreenTransition(laidOut.drawing, shaper: renderer.textShaper)
        let times = transition.frameTimes(framesPerSecond: 15)
        #expect(times.count > 3)
        for (index, time) in times.enumerated() {
            let scene = laidOut.drawing.scene(margin: laidOut.margin, content: try transition.content(at: time))
            let still = try renderer.image(of: scene, scale: 1).rgba
            let canvas = animation.canvas(at: time)
            try #require(canvas.count == still.count)
            if index == 0 || index == times.count - 1 {
                #expect(canvas == still, "the canvas at \(time) s is the still")
            } else {
                let worst = zip(canvas, still).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(worst <= 1, "the canvas at \(time) s is \(worst) levels from the still")
            }
        }
    }

    /// The margin holds every shadow of either state, so a still and its animation share a canvas;
    /// it is `/render`'s: as far as the shadows show, 3σ past what casts them, and at least the least
    /// margin of the components on the screen: for the light button's (10, 10) at σ 10, 40 points.
    @Test func theMarginHoldsEveryShadowOfBothStates() throws {
        let pressed = try renderer.laidOutScreen(screen("Button(pressed: true)"))
        let resting = try renderer.laidOutScreen(screen("Button()"))
        #expect(pressed.margin == resting.margin && resting.margin == 40)
        #expect(try renderer.laidOutScreen(screen("Button()", "distance=30&blur=15")).margin == 75)
        #expect(try renderer.laidOutScreen(screen("Button()", "distance=20&blur=5")).margin == 40)
        #expect(try renderer.laidOutScreen(screen("Switch()", "style=soft")).margin == 16)
        #expect(try renderer.laidOutScreen(screen("Text(\"a\")")).margin == 0)
    }
}
