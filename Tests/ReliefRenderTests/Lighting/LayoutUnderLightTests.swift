import ReliefPNG
import ReliefSpec
import Testing

@testable import ReliefRender

/// `distance` moves shadows and a recipe's inner edges, never where a component's layout puts its
/// parts: a text field's words and caret, a slider's fill and knob, a progress bar's done part stay
/// in their frame at any distance, so the canvas is the default margin's, and `/describe` gives the
/// size of the image `/render` serves. The PNGs are the served ones, decoded; every box is worked
/// out by hand from the query's frame, the margin rule and the recipes' shadows.
@Suite("Layout under a far light")
struct LayoutUnderLightTests {
    let renderer = Renderer()

    /// A pixel box on the canvas, in pixels at scale 1.
    struct Box: CustomStringConvertible {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        var description: String { "[\(minX), \(maxX)) × [\(minY), \(maxY))" }
        func holds(_ other: Box) -> Bool {
            other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
        }
    }

    /// The PNG `/render` serves for `query`, decoded.
    func served(_ query: String) throws -> DecodedImage {
        let file = try renderer.file(for: try RenderSpec.parse(query: query))
        return try PNGDecoder.decode(file.bytes)
    }

    /// Whether the pixel at (x, y) differs from `background` by more than `levels` in a channel.
    static func differs(_ image: DecodedImage, x: Int, y: Int, from background: (Int, Int, Int), by levels: Int) -> Bool {
        let i = 4 * (y * image.width + x)
        return abs(Int(image.rgba[i]) - background.0) > levels || abs(Int(image.rgba[i + 1]) - background.1) > levels
            || abs(Int(image.rgba[i + 2]) - background.2) > levels
    }

    /// The box around every pixel more than 2 levels from `background` (a shadow's faint tail past 3σ
    /// is less than half a level), nil when there is none.
    static func drawn(_ image: DecodedImage, background: (Int, Int, Int)) -> Box? {
        var box: Box?
        for y in 0..<image.height {
            for x in 0..<image.width where differs(image, x: x, y: y, from: background, by: 2) {
                box = Box(
                    minX: min(box?.minX ?? x, x), minY: min(box?.minY ?? y, y), maxX: max(box?.maxX ?? x + 1, x + 1),
                    maxY: max(box?.maxY ?? y + 1, y + 1))
            }
        }
        return box
    }

    /// The light style's background, offWhite (SPEC §2).
    static let offWhite = (225, 225, 235)

    /// A light text field 240 × 48: its well draws its edges inside itself, so nothing shows past its
    /// frame and the margin is the least, 40: a canvas of 320 × 128, everything drawn within the
    /// frame at (40, 40); focused, its 2-point ring 3 points outside reaches 5 past it.
    @Test(arguments: [30.0, 50.0], ["text=Hello", "", "text=Hello&focused=true", "focused=true"])
    func aTextFieldKeepsItsWordsInItsFrame(distance: Double, extra: String) throws {
        let query = "component=textfield&style=light&width=240&height=48&scale=1&distance=\(Int(distance))&" + extra
        let image = try served(query)
        #expect(image.width == 320 && image.height == 128, "\(query): \(image.width)x\(image.height)")
        let ring = extra.contains("focused=true") ? 5 : 0
        let frame = Box(minX: 40 - ring, minY: 40 - ring, maxX: 280 + ring, maxY: 88 + ring)
        let box = try #require(Self.drawn(image, background: Self.offWhite))
        #expect(frame.holds(box), "\(query): drawn over \(box), not within \(frame)")
        // The words start 16 points in from the leading edge, about the middle of its height.
        let words = (56..<66).contains { x in
            (52..<76).contains { y in Self.differs(image, x: x, y: y, from: Self.offWhite, by: 40) }
        }
        #expect(words, "\(query): no words 16 points into the field")
    }

    /// A light slider 240 × 44 at a quarter: the knob, 28 across, centred 14 + ¼ · 212 = 67 points
    /// in and 8 points below the frame's top edge, casts seed 004's shadows, (−3, −3) with σ 2 and
    /// (3, 3) with σ 3, each offset times distance / 10: at distance 30 they show 15 points above it and 18
    /// below it, 21 and 24 at 50. That is within the least margin, 40: a canvas of 320 × 124, everything
    /// drawn within the frame's columns, and below the frame only the knob's shadow, under the knob.
    @Test(arguments: [30.0, 50.0])
    func aSliderKeepsItsKnobAtItsValue(distance: Double) throws {
        let query = "component=slider&style=light&width=240&height=44&value=0.25&scale=1&distance=\(Int(distance))"
        let image = try served(query)
        #expect(image.width == 320 && image.height == 124, "\(query): \(image.width)x\(image.height)")
        let scale = Int(distance) / 10
        let (above, below) = (3 * scale + 6, 3 * scale + 9)
        let knob = Box(minX: 40 + 53, minY: 40 + 8, maxX: 40 + 81, maxY: 40 + 36)
        let reach = Box(minX: 40, minY: knob.minY - above, maxX: 280, maxY: knob.maxY + below)
        let box = try #require(Self.drawn(image, background: Self.offWhite))
        #expect(reach.holds(box), "\(query): drawn over \(box), not within \(reach)")
        let pastFrame = (84..<image.height).flatMap { y in
            (0..<image.width).filter { Self.differs(image, x: $0, y: y, from: Self.offWhite, by: 2) }
        }
        let first = try #require(pastFrame.min(), "\(query): no shadow below the frame"), last = pastFrame.max() ?? first
        #expect(
            first >= knob.minX - above && last < knob.maxX + below,
            "\(query): below the frame, columns \(first)...\(last), not the knob's")
    }

    /// A soft progress bar 200 × 24 half done: the done part, in the system green, runs from 3 to
    /// 3 + ½ · 194 = 100 points in, its shadows held inside the well; the soft well casts nothing past
    /// its frame, so the margin is the soft controls' least, 16: a canvas of 232 × 56.
    @Test(arguments: [30.0, 50.0])
    func aProgressBarKeepsItsDonePartAtItsValue(distance: Double) throws {
        let query = "component=progress&style=soft&width=200&height=24&value=0.5&scale=1&distance=\(Int(distance))"
        let image = try served(query)
        #expect(image.width == 232 && image.height == 56, "\(query): \(image.width)x\(image.height)")
        let green = (0..<image.height).flatMap { y in
            (0..<image.width).filter { !Self.differs(image, x: $0, y: y, from: (52, 199, 89), by: 6) }
        }
        let first = try #require(green.min(), "\(query): no done part"), last = green.max() ?? first
        #expect(
            (16 + 3..<16 + 20).contains(first) && (16 + 80..<16 + 100).contains(last),
            "\(query): green in columns \(first)...\(last), not 19...115")
    }

    /// `/describe`'s size is the served PNG's, its pixels over its scale: for the fuzzer's text field
    /// 16 points wide whose large placeholder overflows it, and for far lights and scales.
    @Test(arguments: [
        "component=textfield&style=light&width=16&height=48&radius=12&font=mono&lang=yue-Hant-HK&scale=1&color=000000"
            + "&distance=50&blur=0.5&background=style&format=png&textsize=ax5&placeholder=Placeholder&focused=false",
        "component=textfield&distance=30&scale=2", "component=slider&distance=50&blur=40&scale=1.5",
        "component=tabbar&distance=50", "component=segmented&style=soft&distance=50&blur=50",
        "component=button&label=Go&textsize=ax3&distance=45&light=top",
    ])
    func describeGivesTheServedSize(query: String) throws {
        let spec = try RenderSpec.parse(query: query)
        let image = try served(query), description = try renderer.imageDescription(for: spec)
        let scale = spec.output.scale
        let points = (Int((Double(image.width) / scale).rounded()), Int((Double(image.height) / scale).rounded()))
        #expect(description.width == points.0 && description.height == points.1, "\(query): \(image.width)x\(image.height)")
    }
}
