import ReliefAudit
import ReliefRender
import ReliefScreen
import ReliefSpec

/// What a render or an audit is expected to cost before it starts, from the query alone: its work,
/// in pixels of a plain render, and its peak working memory.
///
/// A label may grow the image once laid out; the renderer then asks for the memory of the real size
/// (``RenderSupervisor/reserve``) before drawing.
public struct RenderCost: Sendable, Hashable {
    /// Estimated work: pixels, times how much more than a plain card a pixel of this recipe costs,
    /// plus a fixed part for the scene, the encoder and the bookkeeping.
    public var work: Double
    /// Estimated peak working memory in bytes.
    public var memory: Int

    /// Work of every render beyond its pixels, in pixels: about a millisecond.
    static let fixedWork = 40_000.0

    /// How much a pixel of `spec` costs against a pixel of a plain card: its component's
    /// (``ComponentCost/workPerPixel``), and simulations pass over the finished pixels once more (low
    /// vision, about 20 ns a pixel, blurs them).
    static func workPerPixel(_ spec: RenderSpec) -> Double {
        let recipe = spec.component.cost.workPerPixel
        let simulation: Double =
            switch spec.output.simulation {
            case .none: 0
            case .lowvision: 1.2
            case .protanopia, .deuteranopia, .tritanopia, .achromatopsia: 0.6
            }
        return recipe + simulation
    }

    /// What a pixel of `format` costs to encode fast (the first answer's effort, which the scheduler
    /// waits for) beyond a PNG's, in pixels of a plain card's render and fast PNG encode: the CPU time
    /// of the fast encode of the 760 × 760 light card (`relief-bench formats`, WebP 77 ns and AVIF 64 ns
    /// a pixel) over that card's render and encode (about 30 ns a pixel, `make bench`). The smallest
    /// encodes cost some 20 and 10 times as much and run only as background work.
    static func encodeWorkPerPixel(_ format: RenderSpec.Format) -> Double {
        switch format {
        case .webp: 2.5
        case .avif: 2.1
        default: 0
        }
    }

    /// Peak working memory of a text format: the scene, its outlines and the text, which grow with
    /// the label rather than the pixels (a colour glyph's bitmap is one glyph's size).
    static let textMemory = 4 << 20

    /// The cost of rendering `spec` in its format: a PNG's pixels (an APNG's with `animate=true`),
    /// or the fixed part alone for a text format, which draws none, so that a large SVG is not
    /// queued behind large PNGs.
    ///
    /// An animation draws a picture at each frame time of its timeline
    /// (``Renderer/animationPictureCount(for:)``): the two ends whole, a picture in between where
    /// it can change — with `simulate=lowvision` the whole canvas, otherwise the component's
    /// ``ComponentCost/inBetweenShare``. Its memory is ``Renderer/estimatedAnimationPeakBytes(width:height:regions:loops:simulation:)``
    /// of those regions; the renderer asks again with the real ones once laid out. An image
    /// format's encoder adds what it holds at `effort` (``Renderer/estimatedEncoderBytes(_:effort:pixels:animated:)``).
    public static func render(_ spec: RenderSpec, effort: Renderer.EncodingEffort = .fast) -> RenderCost {
        let format = spec.output.format
        guard format.showsSimulation else { return description(spec) }
        let (width, height) = spec.pixelSize
        let pixels = width * height
        let still = Double(pixels) * (workPerPixel(spec) + encodeWorkPerPixel(format)) + fixedWork
        guard let animation = spec.output.animation else {
            return RenderCost(
                work: still,
                memory: Renderer.estimatedPeakBytes(width: width, height: height, simulation: spec.output.simulation)
                    + Renderer.estimatedEncoderBytes(format, effort: effort, pixels: pixels))
        }
        let inBetween =
            spec.output.simulation == .lowvision ? pixels : Int(Double(pixels) * spec.component.cost.inBetweenShare)
        let between = max(0, Renderer.animationPictureCount(for: spec) - 2)
        let regions = [pixels] + Array(repeating: inBetween, count: between) + [pixels]
        let share = Double(inBetween) / Double(pixels)
        return RenderCost(
            work: still * (2 + Double(between) * share * spec.component.cost.inBetweenWorkPerPixel),
            memory: Renderer.estimatedAnimationPeakBytes(
                width: width, height: height, regions: regions,
                loops: animation.loops, simulation: spec.output.simulation)
                + Renderer.estimatedEncoderBytes(format, effort: effort, pixels: pixels, animated: true))
    }

    /// The cost of laying out `spec` without drawing it, for a text format or `/describe`: the fixed part.
    public static func description(_ spec: RenderSpec) -> RenderCost {
        RenderCost(work: fixedWork, memory: textMemory)
    }

    /// The cost of auditing `spec`: every image the audit may draw, and its measurements, for each
    /// picture of a `scheme=auto` query (audited one after another, so the memory is one's).
    public static func audit(_ spec: RenderSpec) -> RenderCost {
        let (width, height) = spec.pixelSize
        let pictures = (try? spec.appearances().count) ?? 1
        let images = Double(AccessibilityAudit.mostImagesDrawn * pictures)
        return RenderCost(
            work: (Double(width * height) * (workPerPixel(spec) + AccessibilityAudit.measurementWorkPerPixel)
                + fixedWork) * images,
            memory: AccessibilityAudit.estimatedPeakBytes(width: width, height: height, simulation: spec.output.simulation))
    }
}

extension RenderCost {
    /// Margin and width, in points, of the canvas a screen is estimated to take before it is laid
    /// out: an iPhone's width, and as much around it as the default light's shadows reach.
    static let screenEstimate = (width: 390.0, margin: 80.0)

    /// The cost of drawing `screen` in its format: for a PNG, each component's own render, as large as
    /// it may be drawn (``estimatedSpecs(of:)``), with the default margin around it (its pixels at its recipe's work, an animation's pictures), on an
    /// estimated canvas as wide as an iPhone and as tall as its components one under another, whose
    /// memory is asked for again once the screen is laid out; for a text format, the fixed part for
    /// each element. Either way its texts' layout (``textWork(of:)``) is added, so a screen of long
    /// texts is a large job and never holds the small lane.
    ///
    /// An animated screen holds what a component's animation holds
    /// (``Renderer/estimatedAnimationPeakBytes(width:height:regions:loops:simulation:)``) on that
    /// canvas: its two ends whole, and as many pictures in between as its longest component has, each
    /// as large as the components that change (the whole canvas with `simulate=lowvision`).
    public static func screen(_ screen: ScreenRequest, effort: Renderer.EncodingEffort = .fast) -> RenderCost {
        self.screen(screen, atScale: screen.page.output.scale, effort: effort)
    }

    /// Work of laying out a `Text` element, a grapheme cluster at a time: about 25 µs, what the
    /// costliest text takes (a word with no place to break, broken between its characters, which
    /// measures the line so far again at each one); text that breaks at spaces takes a quarter.
    static let textWorkPerCharacter = 1_000.0

    /// The work of measuring and breaking every `Text` of `element` into lines, which each format of a
    /// screen does before anything else: ``textWorkPerCharacter`` for each of their characters.
    static func textWork(of element: ScreenElement) -> Double {
        var characters = 0
        if element.role == .text, case .string(let text) = element.argument(nil) { characters = text.count }
        return element.children.reduce(Double(characters) * textWorkPerCharacter) { $0 + textWork(of: $1) }
    }

    /// ``screen(_:effort:)`` as if the query asked for `scale`.
    static func screen(
        _ screen: ScreenRequest, atScale scale: Double, effort: Renderer.EncodingEffort = .fast
    ) -> RenderCost {
        var page = screen.page.output
        page.scale = scale
        let layoutWork = textWork(of: screen.layout)
        guard page.format.showsSimulation else {
            return RenderCost(work: fixedWork * Double(max(1, screen.looks.count)) + layoutWork, memory: textMemory)
        }
        let specs = estimatedSpecs(of: screen).map { spec in
            var alone = alone(spec, on: page)
            alone.output.scale = scale
            return alone
        }
        let work = specs.reduce(fixedWork + layoutWork) { total, spec in total + render(spec).work }
        let width = max(screenEstimate.width, specs.map(\.component.frame.width).max() ?? 0) + 2 * screenEstimate.margin
        let height = specs.reduce(2 * screenEstimate.margin) { $0 + $1.component.frame.height }
        let pixels = RenderSpec.pixelSize(canvasWidth: width, canvasHeight: height, scale: scale)
        guard let animation = page.animation else {
            return RenderCost(
                work: work,
                memory: Renderer.estimatedPeakBytes(width: pixels.width, height: pixels.height, simulation: page.simulation)
                    + Renderer.estimatedEncoderBytes(page.format, effort: effort, pixels: pixels.width * pixels.height))
        }
        let canvas = pixels.width * pixels.height
        let animated = specs.filter { $0.output.animation != nil }
        let changing = animated.reduce(0) { total, spec in total + spec.pixelSize.width * spec.pixelSize.height }
        let inBetween = page.simulation == .lowvision ? canvas : min(canvas, changing)
        let between = max(0, (animated.map(Renderer.animationPictureCount(for:)).max() ?? 2) - 2)
        let regions = [canvas] + Array(repeating: inBetween, count: between) + [canvas]
        return RenderCost(
            work: work,
            memory: Renderer.estimatedAnimationPeakBytes(
                width: pixels.width, height: pixels.height, regions: regions, loops: animation.loops,
                simulation: page.simulation)
                + Renderer.estimatedEncoderBytes(page.format, effort: effort, pixels: canvas, animated: true))
    }

    /// The cost of auditing `screen`: each component's audit (``audit(_:)``) at its estimated size, drawn alone with the
    /// margin it takes by default, one after another, so the memory is the largest one's; text and
    /// icons are measured on colours, at no cost beyond the layout's (``textWork(of:)``).
    public static func screenAudit(_ screen: ScreenRequest) -> RenderCost {
        let audits = estimatedSpecs(of: screen).map { audit(alone($0, on: screen.page.output)) }
        return RenderCost(
            work: audits.reduce(fixedWork + textWork(of: screen.layout)) { $0 + $1.work },
            memory: audits.map(\.memory).max() ?? textMemory)
    }

    /// Each component of `screen`, in source order, as large as it may be drawn, from the layout's
    /// modifiers alone (nothing is laid out or measured before a worker takes the screen): a flexible
    /// control without a `width:` as wide as the most it can be offered — the screen's width, or what
    /// the frames around it give, less the padding around it — since it takes what it is offered (its
    /// least width where that is more); a panel holding content that wide too, and as tall as the
    /// components it holds one under another.
    static func estimatedSpecs(of screen: ScreenRequest) -> [RenderSpec] {
        var specs: [RenderSpec] = []
        estimate(screen.layout, offered: ScreenLayout.screenWidth, specs: screen.specs, into: &specs)
        return specs
    }

    /// ``estimatedSpecs(of:)`` of `element` offered at most `offered` points of width, added to
    /// `estimated`; the height of what it adds.
    @discardableResult
    private static func estimate(
        _ element: ScreenElement, offered: Double, specs: [SourceLocation: RenderSpec], into estimated: inout [RenderSpec]
    ) -> Double {
        var offered = offered
        // From the outermost modifier in, each offering what is inside it less than or as much as it is offered.
        for modifier in element.modifiers.reversed() {
            switch modifier.kind {
            case .padding(let edges, let length):
                offered -= (edges.contains(.leading) ? length : 0) + (edges.contains(.trailing) ? length : 0)
            case .frame(let frame):
                offered = frame.width.offer(offered) ?? offered
            case .font, .text, .look:
                break
            }
        }
        offered = max(0, offered)
        guard element.role == .component, let spec = specs[element.location] else {
            return element.children.reduce(0) { $0 + estimate($1, offered: offered, specs: specs, into: &estimated) }
        }
        guard !element.children.isEmpty else {
            let minimum = element.argument("width") == nil ? spec.component.flexibleMinimumWidth : nil
            let drawn = minimum.map { spec.laidOut(width: max($0, offered)) } ?? spec
            estimated.append(drawn)
            return drawn.component.frame.height
        }
        let panel = estimated.count
        estimated.append(spec)
        let content = element.children.reduce(0) { $0 + estimate($1, offered: offered, specs: specs, into: &estimated) }
        // Its texts are not measured: a panel of words alone is taken to be its own frame's height.
        estimated[panel] = spec.holding(width: offered, height: max(spec.component.frame.height, content))
        return estimated[panel].component.frame.height
    }

    /// A component of a screen as drawn alone: with the default margin of its kind and style, through
    /// the screen's `simulate`.
    private static func alone(_ spec: RenderSpec, on page: RenderSpec.Output) -> RenderSpec {
        var alone = spec
        alone.output.margin = nil
        alone.output.simulation = page.simulation
        return alone
    }

    /// The `400` of a screen that would hold `memory` bytes where one render may hold at most `limit`
    /// of the `budget`: it names the limit and the largest scale, in steps of a half, that the
    /// estimate which admits a screen (``screen(_:)``) lets through — scaled by how far `memory`,
    /// once laid out, went past it, so that the scale named is admitted when asked for.
    static func tooLargeError(screen: ScreenRequest, memory: Int, limit: Int, budget: Int) -> SpecError {
        let scale = screen.page.output.scale
        let ratio = max(1, Double(memory) / Double(max(self.screen(screen).memory, 1)))
        let fitting = largestScale(below: scale) { Double(self.screen(screen, atScale: $0).memory) * ratio <= Double(limit) }
        return SpecError(
            parameter: fitting == nil ? ScreenRequest.sourceName : "scale",
            allowed: "a screen of at most \(mebibytes(limit)) of estimated working memory",
            detail: "this screen needs an estimated \(mebibytes(memory)) of working memory and one render may hold at most "
                + "\(mebibytes(limit)) of this server's \(mebibytes(budget)) render budget; "
                + (fitting.map { "scale=\(DecimalText.format($0)) would fit" } ?? "draw fewer or smaller elements"))
    }

    /// The largest scale below `scale`, in steps of a half down to the least scale allowed, that
    /// `fits`; nil when none does. What a refusal past the memory limit names as the scale that would fit.
    static func largestScale(below scale: Double, fits: (Double) -> Bool) -> Double? {
        stride(from: (scale * 2).rounded(.up) / 2 - 0.5, through: RenderSpec.Limits.scale.lowerBound, by: -0.5)
            .first(where: fits)
    }

    /// `bytes` in whole mebibytes, rounded up, as refusals name memory: `14 MiB`.
    static func mebibytes(_ bytes: Int) -> String { "\((bytes + (1 << 20) - 1) >> 20) MiB" }
}
