import ReliefScene
import ReliefSpec
import Testing

@testable import ReliefRender

/// The checkbox, radio button and text field drawn (SPEC §13, docs/CONTROLS.md): where their parts
/// stand, in which colours, and that every look and output parameter draws them.
@Suite("Checkbox, radio and text field renders")
struct ChoiceAndTextFieldRenderTests {
    let renderer = Renderer()
    static let systemGreen = (52, 199, 89)

    /// The component's scene on the canvas `/render` serves `spec` on, where ``Renderer/image(for:glyphs:supervisor:)`` draws it.
    func servedScene(_ spec: RenderSpec) throws -> Scene {
        try #require(try renderer.servedScreen(of: spec).componentScene)
    }

    /// The mean x, in points from the frame's leading (left) edge, of the pixels within 6 of `colour`.
    func meanX(of colour: (Int, Int, Int), in image: RenderedImage, spec: RenderSpec) throws -> Double? {
        var sum = 0.0, count = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = 4 * (y * image.width + x)
                if abs(Int(image.rgba[i]) - colour.0) <= 6 && abs(Int(image.rgba[i + 1]) - colour.1) <= 6
                    && abs(Int(image.rgba[i + 2]) - colour.2) <= 6
                {
                    sum += Double(x)
                    count += 1
                }
            }
        }
        return count == 0 ? nil : (sum / count + 0.5) / spec.output.scale - (try servedScene(spec).frame.minX)
    }

    /// The columns, in points from the frame's left edge, where drawing the glyphs changes the image.
    func glyphColumns(_ query: String) throws -> ClosedRange<Double>? {
        let spec = try RenderSpec.parse(query: query)
        let drawn = try renderer.image(for: spec), bare = try renderer.image(for: spec, glyphs: .omitted)
        var columns: [Int] = []
        for x in 0..<drawn.width {
            let changes = (0..<drawn.height).contains { y in
                let i = 4 * (y * drawn.width + x)
                return (0..<3).contains { abs(Int(drawn.rgba[i + $0]) - Int(bare.rgba[i + $0])) > 40 }
            }
            if changes { columns.append(x) }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        let margin = try servedScene(spec).frame.minX
        let toPoints = { (x: Int) in Double(x) / spec.output.scale - margin }
        return toPoints(first)...toPoints(last + 1)
    }

    @Test(arguments: ["checkbox", "radio"])
    func theMarkIsAtTheLeadingSideOfItsLabel(kind: String) throws {
        let latin = try RenderSpec.parse(query: "component=\(kind)&style=soft&on=true&label=Subscribe&scale=2")
        let arabic = try RenderSpec.parse(
            query: "component=\(kind)&style=soft&on=true&label=%D8%A7%D8%B4%D8%AA%D8%B1%D9%83&scale=2")
        let latinScene = try servedScene(latin), arabicScene = try servedScene(arabic)
        #expect(latinScene.frame.height == 28 && latinScene.frame.width > 28 + 12)
        let leftToRight = try #require(try meanX(of: Self.systemGreen, in: try renderer.image(for: latin), spec: latin))
        let rightToLeft = try #require(try meanX(of: Self.systemGreen, in: try renderer.image(for: arabic), spec: arabic))
        // The green mark is centred in the 28-point box: at the left in Latin, at the right in Arabic.
        #expect(abs(leftToRight - 14) < 2, "the mark's centre stands \(leftToRight) points in")
        #expect(abs(rightToLeft - (arabicScene.frame.width - 14)) < 2, "the mark's centre stands \(rightToLeft) points in")
    }

    @Test func anUncheckedBoxDrawsNoMark() throws {
        let spec = try RenderSpec.parse(query: "component=checkbox&style=soft&scale=2")
        #expect(try meanX(of: Self.systemGreen, in: try renderer.image(for: spec), spec: spec) == nil)
        #expect(try renderer.scene(for: spec).frame.width == 28)
    }

    @Test func theTextStartsAtTheLeadingInsetInEitherDirection() throws {
        let latin = try #require(try glyphColumns("component=textfield&style=light&text=Hello&scale=2"))
        #expect(latin.lowerBound >= 15 && latin.lowerBound < 19, "Latin text starts \(latin.lowerBound) points in")
        let hebrew = try #require(try glyphColumns("component=textfield&style=light&text=%D7%A9%D7%9C%D7%95%D7%9D&scale=2"))
        #expect(hebrew.upperBound <= 225 && hebrew.upperBound > 221, "Hebrew text ends \(hebrew.upperBound) points in")
    }

    @Test func textLongerThanTheFieldIsClippedBeforeTheTrailingInset() throws {
        let long = String(repeating: "Overflowing%20", count: 4)
        let columns = try #require(try glyphColumns("component=textfield&style=soft&text=\(long)&scale=2"))
        #expect(columns.upperBound <= 240 - 16 + 0.5, "the text reaches \(columns.upperBound) points in")
    }

    /// Focused, the caret follows the text 2 points after its end and the ring stands outside the well.
    @Test func focusDrawsACaretAfterTheTextAndARingInTheActiveColour() throws {
        let text = try #require(try glyphColumns("component=textfield&style=soft&text=Hello&scale=2"))
        let focused = try #require(try glyphColumns("component=textfield&style=soft&text=Hello&focused=true&scale=2"))
        #expect(focused.upperBound - text.upperBound > 2 && focused.upperBound - text.upperBound < 6)
        let spec = try RenderSpec.parse(query: "component=textfield&style=soft&focused=true&scale=2")
        let ring = try #require(try meanX(of: Self.systemGreen, in: try renderer.image(for: spec, glyphs: .omitted), spec: spec))
        #expect(abs(ring - 120) < 1, "the ring is centred on the field, at \(ring) points")
    }

    /// The placeholder mixes the label colour 60 % with the well: its glyphs change the image 60 % as much as text's.
    @Test func thePlaceholderHasSixtyPercentOfTheTextsContrast() throws {
        func strongestChange(_ query: String) throws -> Double {
            let spec = try RenderSpec.parse(query: query)
            let drawn = try renderer.image(for: spec), bare = try renderer.image(for: spec, glyphs: .omitted)
            return Double(zip(drawn.rgba, bare.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0)
        }
        let text = try strongestChange("component=textfield&style=light&text=Placeholder&scale=2")
        let placeholder = try strongestChange("component=textfield&style=light&scale=2")
        #expect(abs(placeholder / text - 0.6) < 0.03, "the placeholder changes \(placeholder), the text \(text)")
    }

    /// Every §9 look parameter, high contrast, every text size, the simulations, scales 1 to 4 and
    /// both kinds of background draw each control at its frame's size.
    @Test(arguments: ["checkbox", "radio", "textfield"])
    func everyLookAndOutputParameterDrawsIt(kind: String) throws {
        let state = kind == "textfield" ? "focused=true&text=Hi" : "on=true&label=Go"
        var queries = RenderSpec.Style.allCases.flatMap { style in
            [
                "style=\(style.rawValue)", "style=\(style.rawValue)&color=5b8def&intensity=0.2",
                "style=\(style.rawValue)&light=135&distance=4&blur=3", "style=\(style.rawValue)&contrast=high",
                "style=\(style.rawValue)&background=transparent", "style=\(style.rawValue)&background=ff8800",
            ]
        }
        queries += ["style=colorful&accent=ff6a00"] + RenderSpec.TextSize.allCases.map { "textsize=\($0.rawValue)" }
        queries += RenderSpec.Simulation.allCases.map { "simulate=\($0.rawValue)" } + ["scale=1", "scale=2.5", "scale=4"]
        for query in queries {
            let spec = try RenderSpec.parse(query: "component=\(kind)&\(state)&\(query)")
            let served = try renderer.servedScreen(of: spec), image = try renderer.image(for: spec)
            let scene = try #require(served.componentScene), pixels = served.pixels
            #expect(image.width == pixels.width && image.height == pixels.height, "\(query)")
            #expect(scene.frame.width >= 28 && scene.size.width == scene.frame.width + 2 * scene.frame.minX, "\(query)")
            #expect(scene.frame.minX >= spec.leastMargin, "\(query)")
            let alphas = stride(from: 3, to: image.rgba.count, by: 4).map { image.rgba[$0] }
            #expect(alphas.contains { $0 > 0 }, "\(query) draws something")
            if spec.output.background == .transparent { #expect(alphas.contains(0), "\(query) keeps its alpha") }
        }
    }

    /// Larger text sizes make the field taller to hold its line; the box keeps its size beside a taller label.
    @Test func textSizeGrowsTheFieldAndTheLabel() throws {
        let field = try renderer.scene(for: try RenderSpec.parse(query: "component=textfield&text=Hi&textsize=ax5"))
        #expect(field.frame.width == 240 && field.frame.height > 48)
        let box = try renderer.scene(for: try RenderSpec.parse(query: "component=checkbox&label=Go&textsize=ax5"))
        #expect(box.frame.height > 28)
    }
}
