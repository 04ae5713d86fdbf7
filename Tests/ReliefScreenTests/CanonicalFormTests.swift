import ReliefSpec
import Testing

@testable import ReliefScreen

@Suite("Screen canonical form")
struct CanonicalFormTests {
    /// The canonical text of a request of `text`: each component's arguments as its spec holds them.
    func canonical(_ text: String) throws -> String {
        try ScreenRequest(text: text, settings: QuerySettings()).canonicalText
    }

    /// SPEC §14's example is written as the canonical form writes it, and a squeezed spelling of it
    /// comes back to that text.
    @Test func specsExampleIsInCanonicalForm() throws {
        let example = ScreenParserTests.nowPlaying + "\n"
        #expect(try canonical(example) == example)
        let squeezed = example.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }.joined(separator: " ")
        #expect(try canonical(squeezed) == example)
    }

    /// Two spellings of one layout: spaces and newlines, comments, argument order, defaults written out,
    /// numbers, comma words against arrays, named light against degrees, hex case, trailing commas.
    @Test(
        arguments: [
            ("VStack(spacing:24){Text(\"a\")}", "VStack(spacing: 24) {\n  // hi\n  Text( \"a\" )\n}"),
            ("VStack(alignment: .leading, spacing: 4) {}", "VStack(spacing: 4.000, alignment: .leading) { }"),
            ("VStack {}", "VStack(spacing: 8, alignment: .center) {}"),
            ("VStack {}", "VStack() {}"),
            ("Spacer()", "Spacer(minLength: 8)"),
            ("Slider()", "Slider(value: 0.50, steps: 0)"),
            ("Button(pressed: true, icon: .play)", "Button(icon: .play, pressed: true,)"),
            ("Picker(segments: \"Day,Week\")", "Picker(segments: [\"Day\", \"Week\"])"),
            ("Picker(segments: [\"Day\", \"Week\", \"Month\"])", "Picker()"),
            ("TabBar(tabs: \"heart,star,bell\")", "TabBar()"),
            ("Text(\"a\").light(.topleft)", "Text(\"a\").light(315)"),
            ("Text(\"a\").color(\"E0E5EC\")", "Text(\"a\").color(\"e0e5ec\")"),
            ("Text(\"a\").color(\"#E0E5EC\")", "Text(\"a\").color(\"e0e5ec\")"),
            ("Text(\"a\").intensity(0.20)", "Text(\"a\").intensity(0.2)"),
            ("Text(\"a\").shadowBlur(4.0)", "Text(\"a\").shadowBlur(4)"),
            ("Text(\"a\").padding()", "Text(\"a\").padding(16)"),
            ("Text(\"\\u{65}!\")", "Text(\"e\\u{21}\")"),
            ("Text(\"a\").frame(height: 2, width: 1)", "Text(\"a\").frame(width: 1, height: 2)"),
            ("Text(\"a\").padding(.all, 16)", "Text(\"a\").padding()"),
            ("Text(\"a\").padding([.leading, .trailing], 4)", "Text(\"a\").padding(.horizontal, 4)"),
            ("Text(\"a\").padding([.trailing, .top, .leading])", "Text(\"a\").padding([.horizontal, .top], 16)"),
            ("Text(\"a\").padding([.vertical, .horizontal], 3)", "Text(\"a\").padding(3)"),
            (
                "Text(\"a\").frame(alignment: .center, maxWidth: .infinity, minWidth: 0.50)",
                "Text(\"a\").frame(minWidth: 0.5, maxWidth: .infinity)"
            ),
            ("Card {\n    Text(\"a\")\n}", "Card() { Text(\"a\") }"),
        ] as [(String, String)])
    func twoSpellingsOfOneLayoutAreOneText(_ first: String, _ second: String) throws {
        #expect(try canonical(first) == canonical(second))
    }

    /// Different layouts: a value, an order of children, an order of modifiers, a modifier's presence.
    @Test(
        arguments: [
            ("VStack(spacing: 24) {}", "VStack(spacing: 23) {}"),
            ("VStack { Text(\"a\") Text(\"b\") }", "VStack { Text(\"b\") Text(\"a\") }"),
            ("Text(\"a\").padding(4).frame(width: 10)", "Text(\"a\").frame(width: 10).padding(4)"),
            ("Text(\"a\")", "Text(\"a\").padding()"),
            ("VStack { Spacer() }", "HStack { Spacer() }"),
            ("Slider(value: 0.4)", "Slider(value: 0.400001)"),
            ("Text(\"a\").light(0)", "Text(\"a\").light(1)"),
            ("Text(\"a\")", "Text(\"a \")"),
            ("Slider()", "Slider(width: 240)"),
            ("Text(\"a\").bold().lineLimit(2)", "Text(\"a\").lineLimit(2).bold()"),
            ("Text(\"a\").padding(.top)", "Text(\"a\").padding(.bottom)"),
            ("Text(\"a\").frame(maxWidth: 10)", "Text(\"a\").frame(width: 10)"),
            ("Card {\n    Text(\"a\")\n}", "Well {\n    Text(\"a\")\n}"),
        ] as [(String, String)])
    func differentLayoutsAreDifferentTexts(_ first: String, _ second: String) throws {
        #expect(try canonical(first) != canonical(second))
    }

    @Test(arguments: [
        ScreenParserTests.nowPlaying,
        "ZStack(alignment: .bottomTrailing) {\n AdaptiveStack(spacing: 0.25) { Image(icon: .star).font(.caption) Divider() }\n}.frame(width: 0.5).light(200)",
        "Text(\"quote \\\" backslash \\\\ mark \\u{200F}\").contrast(.high).style(.dark).accent(\"ABCDEF\")",
        "Slider(value: 0.000001)",
        "VStack { Text(\"a\").bold().lineLimit(3) }.foregroundStyle(.secondary).multilineTextAlignment(.trailing)",
        "Card(radius: 12) { VStack { Text(\"a\").frame(maxWidth: .infinity, alignment: .topLeading) } }.padding([.top, .leading], 2)",
        "Well { TextField(width: 240).padding(.vertical) }.frame(minWidth: 1, idealWidth: 2, maxWidth: 3, minHeight: 4, idealHeight: 5, maxHeight: .infinity)",
        "VStack { Text(\"a\").distance(12).shadowBlur(3.5) }.intensity(0.15).color(.style).light(90)",
    ])
    func theCanonicalTextParsesToItself(_ text: String) throws {
        let once = try canonical(text)
        #expect(try canonical(once) == once)
    }

    @Test func numbersAreWrittenWithoutExponentsOrTrailingZeros() {
        #expect(
            CanonicalForm.number(24) == "24" && CanonicalForm.number(0.4) == "0.4" && CanonicalForm.number(0.000001) == "0.000001"
        )
        #expect(CanonicalForm.number(-2.5) == "-2.5" && CanonicalForm.number(123456789.123456) == "123456789.123456")
    }
}
