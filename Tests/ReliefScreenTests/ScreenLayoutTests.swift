import ReliefGeometry
import ReliefSpec
import Testing

@testable import ReliefScreen

func layout(_ text: String, textSize: RenderSpec.TextSize = .l, width: Double = ScreenLayout.screenWidth) throws -> ScreenLayout {
    ScreenLayout(try parser.parse(text), textSize: textSize, measurer: handMeasurer, width: width)
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// Sizes and positions worked out by hand from SwiftUI's rules (docs/SCREENS.md): the measurer makes a
/// cluster 8.5 points wide and a line 21.25 high at body size, and a `Card` its `width` × `height`.
@Suite("Screen layout")
struct ScreenLayoutTests {
    static let twoCards = "Card(width: 100, height: 40)\n    Card(width: 60, height: 20)"

    /// Widest child 100; 40 + 10 + 20 high; the narrower card placed by the alignment in the 40 left over.
    @Test(arguments: [("leading", 0.0), ("center", 20.0), ("trailing", 40.0)])
    func vStackOfTwoFixedLeaves(_ alignment: String, secondX: Double) throws {
        let screen = try layout("VStack(spacing: 10, alignment: .\(alignment)) {\n    \(Self.twoCards)\n}")
        #expect(screen.size == Size(100, 70))
        #expect(screen.root.frame == rect(0, 0, 100, 70))
        #expect(screen.root.children.map(\.frame) == [rect(0, 0, 100, 40), rect(secondX, 50, 60, 20)])
        #expect(screen.root.children.map(\.location.line) == [2, 3])
    }

    @Test(arguments: [("top", 0.0), ("center", 10.0), ("bottom", 20.0)])
    func hStackAlignsAcrossItsAxis(_ alignment: String, secondY: Double) throws {
        let screen = try layout("HStack(spacing: 10, alignment: .\(alignment)) {\n    \(Self.twoCards)\n}")
        #expect(screen.size == Size(170, 40))
        #expect(screen.root.children.map(\.frame) == [rect(0, 0, 100, 40), rect(110, secondY, 60, 20)])
    }

    /// 390 less two default spacings of 8 is 374: the cards (least flexible) take 100 and 60, the Spacer the 214 left.
    @Test func hStackWithASpacerFillsTheOfferedWidth() throws {
        let screen = try layout("HStack {\n    Card(width: 100, height: 40)\n    Spacer()\n    Card(width: 60, height: 20)\n}")
        #expect(screen.size == Size(390, 40))
        #expect(screen.root.children.map(\.frame) == [rect(0, 0, 100, 40), rect(108, 20, 214, 0), rect(330, 10, 60, 20)])
    }

    /// A Spacer takes what is left, so a text beside it is offered all but the Spacer's least length
    /// (390 − 8 − 8 = 374) and keeps its one line of 39 clusters, 331.5 points; the Spacer gets 50.5.
    @Test func aSpacerLeavesATextItsWholeLine() throws {
        let screen = try layout("HStack {\n    Text(\"aaaa bbbb cccc dddd eeee ffff gggg hhhh\")\n    Spacer()\n}")
        #expect(screen.root.children.map(\.frame) == [rect(0, 0, 331.5, 21.25), rect(339.5, 10.625, 50.5, 0)])
    }

    /// Offered unlimited height a Spacer keeps its minimum length; under a frame it takes what is left.
    @Test func spacerInAColumnTakesItsMinimumOrWhatIsLeft() throws {
        let column = "VStack {\n    Card(width: 100, height: 40)\n    Spacer()\n    Card(width: 60, height: 20)\n}"
        let open = try layout(column)
        #expect(open.size == Size(100, 84))
        #expect(open.root.children[1].frame == rect(50, 48, 0, 8))
        let framed = try layout(column + ".frame(height: 200)")
        #expect(framed.size == Size(100, 200))
        #expect(framed.root.children.map(\.frame) == [rect(0, 0, 100, 40), rect(50, 48, 0, 124), rect(20, 180, 60, 20)])
        let least = try layout("VStack(spacing: 0) { Spacer(minLength: 30) }")
        #expect(least.size == Size(0, 30))
    }

    /// A 100 × 40 card, padded by 10 to 120 × 60, centred in a 200 × 100 frame, padded by 16: 232 × 132.
    @Test func nestedPaddingAndFrame() throws {
        let screen = try layout("Card(width: 100, height: 40).padding(10).frame(width: 200, height: 100).padding()")
        #expect(screen.size == Size(232, 132))
        #expect(screen.root.bounds == rect(0, 0, 232, 132))
        #expect(screen.root.frame == rect(66, 46, 100, 40))
    }

    /// A frame larger than its child centres it; one smaller lets it overflow evenly; a missing length takes the child's.
    @Test func frameCentresItsChild() throws {
        let wide = try layout("VStack { Card(width: 100, height: 40).frame(width: 300) }")
        #expect(wide.size == Size(300, 40) && wide.root.children[0].frame == rect(100, 0, 100, 40))
        let narrow = try layout("Card(width: 100, height: 40).frame(width: 60, height: 20)")
        #expect(narrow.size == Size(60, 20) && narrow.root.frame == rect(-20, -10, 100, 40))
    }

    /// 13 clusters of 8.5 are 110.5 on one line; offered 60, 7 fit a line: "one two" and "three".
    @Test func textWrapsInTheWidthItIsOffered() throws {
        #expect(try layout("Text(\"one two three\")").size == Size(110.5, 21.25))
        #expect(try layout("Text(\"one two three\")", width: 60).size == Size(59.5, 42.5))
        // In a 50-point frame, 5 a line: "hello" over "world", 42.5 wide, centred in the 50.
        let framed = try layout("Text(\"hello world\").frame(width: 50)")
        #expect(framed.size == Size(50, 42.5) && framed.root.frame == rect(3.75, 0, 42.5, 42.5))
        // Padding narrows the offer: 60 less 2 × 8 leaves 44, 5 clusters a line.
        let padded = try layout("Text(\"one two three\").padding(8)", width: 60)
        #expect(padded.root.frame == rect(8, 8, 42.5, 63.75))
    }

    /// The less flexible text is offered its share first: "bbbb bbbb" (68 of play) gets 50 of 100 and
    /// takes 34; "aaaa aaaa aaaa" (110.5 of play) gets the 66 left and breaks into three lines.
    @Test func aRowSharesItsWidthLeastFlexibleChildFirst() throws {
        let screen = try layout("HStack(spacing: 0) {\n    Text(\"aaaa aaaa aaaa\")\n    Text(\"bbbb bbbb\")\n}", width: 100)
        #expect(screen.size == Size(68, 63.75))
        #expect(screen.root.children.map(\.frame) == [rect(0, 0, 34, 63.75), rect(34, 10.625, 34, 42.5)])
    }

    /// A row below AX1, a column from AX1 up, with the same children and spacing.
    @Test func adaptiveStackIsARowAtLargeAndAColumnAtAX1() throws {
        let text = "AdaptiveStack(spacing: 10, alignment: .topLeading) {\n    \(Self.twoCards)\n}"
        let row = try layout(text, textSize: .l)
        #expect(row.size == Size(170, 40) && row.root.children.map(\.frame) == [rect(0, 0, 100, 40), rect(110, 0, 60, 20)])
        let xxxl = try layout(text, textSize: .xxxl)
        #expect(xxxl.size == Size(170, 40))
        let column = try layout(text, textSize: .ax1)
        #expect(column.size == Size(100, 70) && column.root.children.map(\.frame) == [rect(0, 0, 100, 40), rect(0, 50, 60, 20)])
        let centred = try layout("AdaptiveStack(spacing: 10) {\n    \(Self.twoCards)\n}", textSize: .ax5)
        #expect(centred.root.children[1].frame == rect(20, 50, 60, 20))
    }

    /// A Divider in a column takes the whole offered width; in a row it runs the row's height.
    @Test func dividerIsAOnePointLineAcrossTheStack() throws {
        let column = try layout("VStack {\n    Card(width: 100, height: 40)\n    Divider()\n}")
        #expect(column.size == Size(390, 49))
        #expect(column.root.children.map(\.frame) == [rect(145, 0, 100, 40), rect(0, 48, 390, 1)])
        let row = try layout("HStack {\n    Card(width: 100, height: 40)\n    Divider()\n    Card(width: 60, height: 20)\n}")
        #expect(row.size == Size(177, 40))
        #expect(row.root.children.map(\.frame) == [rect(0, 0, 100, 40), rect(108, 0, 1, 40), rect(117, 10, 60, 20)])
    }

    @Test func zStackAlignsEveryChildInTheLargestSize() throws {
        let screen = try layout("ZStack(alignment: .bottomTrailing) {\n    \(Self.twoCards)\n}")
        #expect(screen.size == Size(100, 40) && screen.root.children.map(\.frame) == [rect(0, 0, 100, 40), rect(40, 20, 60, 20)])
        let centred = try layout("ZStack {\n    \(Self.twoCards)\n}")
        #expect(centred.root.children[1].frame == rect(20, 10, 60, 20))
    }

    @Test func theScreenIs390WideUnlessItsOutermostFrameSaysOtherwise() throws {
        #expect(try layout("HStack { Spacer() }").size == Size(390, 0))
        #expect(try layout("HStack { Spacer() }.frame(width: 600, height: 800)").size == Size(600, 800))
        #expect(try layout("HStack { Spacer() }.frame(height: 100)").size == Size(390, 100))
    }

    /// Text styles follow the Dynamic Type table; the innermost `.font` wins and applies to what it wraps.
    @Test func fontsComeFromTheDynamicTypeScale() throws {
        #expect(try layout("Text(\"Hi\").font(.largeTitle)").size == Size(34, 42.5))
        #expect(try layout("Text(\"Hi\").font(.largeTitle)", textSize: .ax3).size == Size(52, 65))
        let nested = try layout("VStack(spacing: 0) {\n    Text(\"Hi\")\n    Text(\"Hi\").font(.title)\n}.font(.caption)")
        #expect(nested.root.children.map(\.font) == [ScreenFont(.caption, at: .l), ScreenFont(.title, at: .l)])
        #expect(nested.root.children.map(\.frame.size) == [Size(12, 15), Size(28, 35)])
        #expect(try layout("Image(icon: .heart).font(.headline)", textSize: .ax1).size == Size(28, 28))
    }

    @Test func dynamicTypeBodySizesAreSpecsTable() {
        #expect(
            RenderSpec.TextSize.allCases.map { TextStyle.body.pointSize(at: $0) } == [
                14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53,
            ])
        #expect(RenderSpec.TextSize.allCases.filter(\.isAccessibilitySize) == [.ax1, .ax2, .ax3, .ax4, .ax5])
    }

    /// SPEC §14's example: 24 padding around a column of a headline, a row of three buttons, a slider, a toggle.
    @Test func specsExampleLaysOut() throws {
        let screen = try layout(ScreenParserTests.nowPlaying)
        // The slider takes the column's 390 − 48 = 342; the row is 3 × 80 + 2 × 16 = 272 wide; 21.25 + 80 + 44 +
        // 80 and 3 × 24 high.
        #expect(screen.size == Size(390, 21.25 + 80 + 44 + 80 + 72 + 48))
        let column = screen.root
        #expect(column.frame == rect(24, 24, 342, 297.25))
        #expect(
            column.children.map(\.frame.origin) == [
                Point(24 + (342 - 93.5) / 2, 24), Point(59, 69.25), Point(24, 173.25), Point(155, 241.25),
            ])
        #expect(column.children[2].frame.width == 342)
        #expect(column.children[1].children.map(\.frame.origin.x) == [59, 155, 251])
    }

    @Test func componentSizeArgumentsOverrideTheirFrames() throws {
        #expect(try layout("Button(size: 44)").size == Size(44, 44))
        #expect(try layout("Button(shape: .rounded, width: 120, height: 50)").size == Size(120, 50))
        #expect(try layout("Slider(width: 240)").size == Size(240, 44))
        #expect(try layout("Slider()").size == Size(390, 44))
    }
}
