import ReliefGeometry
import ReliefSpec
import Testing

@testable import ReliefScreen

/// SwiftUI's sizing rules worked out by hand (docs/SCREENS.md): flexible controls, edge padding,
/// fixed and flexible frames, panels. A cluster is 8.5 points wide and a line 21.25 high at body
/// size; a component takes its frame of SPEC §4 and §13, a flexible one the width offered down to
/// ``testMinimumWidths``.
@Suite("Screen sizing")
struct ScreenSizingTests {
    /// The designer's settings form: every control the column's width, 390 − 2 × 32 = 326 at x 32; the
    /// row's switch at 32 + 326 − 170 = 188, ending at 358; the Spacer what the text and switch leave.
    @Test func aFormsControlsTakeTheColumnsWidth() throws {
        let screen = try layout(
            """
            VStack(spacing: 20) {
                TextField("Email")
                Slider(value: 0.5)
                ProgressView(value: 0.3)
                Picker(segments: "Day,Week,Month")
                TabBar(tabs: "heart,star,bell")
                HStack {
                    Text("Dark mode")
                    Spacer()
                    Switch(isOn: false)
                }
            }
            .padding(32)
            """)
        // 48 + 44 + 16 + 44 + 64 + 60 and 5 spacings of 20, with 32 above and below.
        #expect(screen.size == Size(390, 276 + 100 + 64))
        let column = screen.root.children
        #expect(column.map(\.frame.minX) == [32, 32, 32, 32, 32, 32])
        #expect(column.map(\.frame.width) == [326, 326, 326, 326, 326, 326])
        #expect(column.map(\.frame.minY) == [32, 100, 164, 200, 264, 348])
        let row = column[5].children.map(\.frame)
        #expect(row == [rect(32, 367.375, 76.5, 21.25), rect(116.5, 378, 63.5, 0), rect(188, 348, 170, 60)])
        #expect(row[2].maxX == 358)
    }

    /// Two text fields share a row equally: (326 − 10) / 2 = 158 each, and the screen stays 390 wide.
    @Test func twoFieldsInARowShareIt() throws {
        let screen = try layout("HStack(spacing: 10) {\n    TextField(\"First\")\n    TextField(\"Last\")\n}\n.padding(32)")
        #expect(screen.size == Size(390, 112))
        #expect(screen.root.children.map(\.frame) == [rect(32, 32, 158, 48), rect(200, 32, 158, 48)])
    }

    /// The button (no flexibility) is offered half of 390 − 8 first and keeps its 80; the field takes
    /// the 302 left.
    @Test func aFixedAndAFlexibleChildShareARow() throws {
        let screen = try layout("HStack {\n    Button()\n    TextField()\n}")
        #expect(screen.root.children.map(\.frame) == [rect(0, 0, 80, 80), rect(88, 16, 302, 48)])
    }

    /// Offered less than its minimum a control keeps it, and the row runs past what it was offered:
    /// 300 + 44 in 320. A width written fixes a control at it, even at its `/render` default, and a
    /// progress ring is no flexible control.
    @Test func aFlexibleControlStopsAtItsMinimum() throws {
        let screen = try layout("HStack(spacing: 0) {\n    Card(width: 300, height: 20)\n    Slider()\n}", width: 320)
        #expect(screen.size == Size(344, 44))
        #expect(screen.root.children.map(\.frame) == [rect(0, 12, 300, 20), rect(300, 0, 44, 44)])
        let fixed = try layout("VStack {\n    Slider(width: 240)\n    ProgressView(circular: true)\n    Divider()\n}")
        // A ring keeps its own width (the measurer's table: 240), where a bar would take the 390.
        #expect(fixed.root.children.map(\.frame.width) == [240, 240, 390])
    }

    /// Edge padding adds only on the edges named: 24 each side and 8 above and leading around 100 × 40.
    @Test func paddingOnEdges() throws {
        let screen = try layout("Card(width: 100, height: 40).padding(.horizontal, 24).padding([.top, .leading], 8)")
        #expect(screen.size == Size(156, 48))
        #expect(screen.root.frame == rect(32, 8, 100, 40))
        let vertical = try layout("Card(width: 100, height: 40).padding(.vertical)")
        #expect(vertical.size == Size(100, 72) && vertical.root.frame == rect(0, 16, 100, 40))
        // A field padded 24 on each side in a 390 screen is 342 wide.
        let field = try layout("TextField().padding(.horizontal, 24)")
        #expect(field.root.frame == rect(24, 0, 342, 48))
    }

    /// `maxWidth: .infinity` takes the whole width offered and places its child by its alignment.
    @Test(arguments: [("leading", 0.0), ("center", 186.5), ("trailing", 373.0)])
    func anInfiniteMaximumTakesTheOfferedWidth(_ alignment: String, x: Double) throws {
        let screen = try layout(
            "VStack {\n    Text(\"Hi\").frame(maxWidth: .infinity, alignment: .\(alignment))\n    Card(width: 100, height: 40)\n}"
        )
        #expect(screen.size == Size(390, 21.25 + 8 + 40))
        #expect(screen.root.children[0].bounds == rect(0, 0, 390, 21.25))
        #expect(screen.root.children[0].frame == rect(x, 0, 17, 21.25))
        #expect(screen.root.children[1].frame == rect(145, 29.25, 100, 40))
    }

    /// A minimum larger than the child grows the frame around it; a maximum narrows what the child is
    /// offered ("aaaa bbbb cccc" wraps at 100 to 76.5 wide) and the frame takes the 100 offered up to it;
    /// an ideal height is what a column offered no height is given, so its Spacer fills it.
    @Test func minimumIdealAndMaximumFrames() throws {
        let least = try layout("Card(width: 100, height: 40).frame(minWidth: 200, minHeight: 60)")
        #expect(least.size == Size(200, 60) && least.root.frame == rect(50, 10, 100, 40))
        let most = try layout("Text(\"aaaa bbbb cccc\").frame(maxWidth: 100)")
        #expect(most.size == Size(100, 42.5) && most.root.frame == rect(11.75, 0, 76.5, 42.5))
        let ideal = try layout("VStack {\n    Card(width: 100, height: 40)\n    Spacer()\n}\n.frame(idealHeight: 200)")
        #expect(ideal.size == Size(100, 200))
        #expect(ideal.root.children[1].frame == rect(50, 48, 0, 152))
        let fixed = try layout("Card(width: 100, height: 40).frame(width: 200, height: 100, alignment: .bottomTrailing)")
        #expect(fixed.size == Size(200, 100) && fixed.root.frame == rect(100, 60, 100, 40))
    }

    /// A panel is as large as what it holds: a text padded by 20 is 57 × 61.25, the card's frame; a
    /// field inside takes the panel's offer less the padding.
    @Test func aPanelIsTheSizeOfItsContent() throws {
        let card = try layout("Card {\n    Text(\"Hi\").padding(20)\n}")
        #expect(card.size == Size(57, 61.25))
        #expect(card.root.frame == rect(0, 0, 57, 61.25) && card.root.children[0].frame == rect(20, 20, 17, 21.25))
        let well = try layout("VStack {\n    Well {\n        TextField().padding(16)\n    }\n}\n.padding(.horizontal, 20)")
        #expect(well.root.children[0].frame == rect(20, 0, 350, 80))
        #expect(well.root.children[0].children[0].frame == rect(36, 16, 318, 48))
    }

    /// A row of fields at large text, a column of full-width fields from AX1 up.
    @Test func adaptiveStackOfFieldsAtAccessibilitySizes() throws {
        let text = "AdaptiveStack(spacing: 10) {\n    TextField()\n    TextField()\n}"
        #expect(try layout(text).root.children.map(\.frame) == [rect(0, 0, 190, 48), rect(200, 0, 190, 48)])
        for size in [RenderSpec.TextSize.ax1, .ax5] {
            #expect(try layout(text, textSize: size).root.children.map(\.frame) == [rect(0, 0, 390, 48), rect(0, 58, 390, 48)])
        }
    }

    /// Text modifiers are in force for everything they wrap, the innermost of each kind winning; a line
    /// limit keeps the first lines ("aaaa bbbb cccc" in 60 points is three lines, limited to two).
    @Test func textModifiersSetTheTextInside() throws {
        let screen = try layout(
            """
            VStack(alignment: .leading) {
                Text("aaaa bbbb cccc").lineLimit(2)
                Text("Hi").foregroundStyle(.primary).bold()
            }
            .foregroundStyle(.secondary)
            .multilineTextAlignment(.center)
            .lineLimit(1)
            """, width: 60)
        let (limited, bold) = (screen.root.children[0], screen.root.children[1])
        #expect(limited.frame == rect(0, 0, 34, 42.5))
        #expect(limited.font.lineLimit == 2 && limited.font.foreground == .secondary && limited.font.alignment == .center)
        #expect(bold.font.isBold && bold.font.foreground == .primary && bold.font.lineLimit == 1)
        #expect(!limited.font.isBold)
        // A font set inside keeps the text settings around it.
        let styled = try layout("Text(\"Hi\").font(.title).bold()")
        #expect(styled.root.font.isBold && styled.root.font.style == .title)
    }
}
