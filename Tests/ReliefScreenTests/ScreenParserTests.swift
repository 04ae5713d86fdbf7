import ReliefSpec
import Testing

@testable import ReliefScreen

@Suite("Screen parser")
struct ScreenParserTests {
    static let nowPlaying = """
        VStack(spacing: 24) {
            Text("Now playing").font(.headline)
            HStack(spacing: 16) {
                Button(icon: .play)
                Button(icon: .pause, pressed: true)
                Button(icon: .plus)
            }
            Slider(value: 0.4)
            Toggle("Shuffle", isOn: true)
        }
        .padding(24)
        """

    @Test func readsSpecsExampleWithItsLinesAndColumns() throws {
        let root = try parser.parse(Self.nowPlaying)
        #expect(root.name == "VStack" && root.role == .stack(.vertical))
        #expect(root.location == SourceLocation(line: 1, column: 1))
        #expect(root.arguments.map(\.label) == ["spacing"] && root.argument("spacing") == .number(24))
        #expect(root.modifiers.map(\.kind) == [.padding(.all, 24)])
        #expect(root.modifiers[0].location == SourceLocation(line: 11, column: 1))
        #expect(root.children.map(\.name) == ["Text", "HStack", "Slider", "Toggle"])
        let text = root.children[0]
        #expect(text.argument(nil) == .string("Now playing") && text.modifiers.map(\.kind) == [.font(.headline)])
        #expect(text.location == SourceLocation(line: 2, column: 5))
        let row = root.children[1]
        #expect(row.children.map(\.location) == [3, 4, 5].map { SourceLocation(line: $0 + 1, column: 9) })
        #expect(row.children[1].argument("pressed") == .bool(true) && row.children[1].argument("icon") == .member("pause"))
        #expect(root.children[2].argument("value") == .number(0.4))
        #expect(root.children[3].argument(nil) == .string("Shuffle") && root.children[3].argument("isOn") == .bool(true))
    }

    @Test func readsSwiftsStringEscapes() throws {
        let root = try parser.parse(#"Text("a\"b\\c\'\u{1F3A7}\u{e9}")"#)
        #expect(root.argument(nil) == .string("a\"b\\c'🎧é"))
        // Control characters are read, then refused as a label's are.
        for escape in [#"\t"#, #"\n"#, #"\r"#, #"\0"#] {
            #expect(parseError(#"Text("a"# + escape + #"")"#)?.found.hasSuffix(": it contains a control character") == true)
        }
    }

    @Test func readsEveryModifier() throws {
        let root = try parser.parse(
            """
            ZStack(alignment: .topLeading) { Spacer() }
                .padding()
                .frame(width: 320, height: 200.5)
                .frame(height: 10)
                .font(.largeTitle)
                .style(.soft)
                .color("E0E5EC")
                .accent("0a84ff")
                .light(.bottomright)
                .light(90)
                .contrast(.high)
                .intensity(0.2)
                .distance(12)
                .shadowBlur(3.5)
                .color(.style)
            """)
        func look(_ parameter: String, _ value: String) -> ScreenModifier.Kind {
            .look(LookSetting(parameter: parameter, value: value))
        }
        #expect(
            root.modifiers.map(\.kind) == [
                .padding(.all, 16), .frame(ScreenFrame(width: .init(fixed: 320), height: .init(fixed: 200.5))),
                .frame(ScreenFrame(height: .init(fixed: 10))), .font(.largeTitle),
                look("style", "soft"), look("color", "e0e5ec"), look("accent", "0a84ff"), look("light", "135"),
                look("light", "90"), look("contrast", "high"), look("intensity", "0.2"), look("distance", "12"),
                look("blur", "3.5"), look("color", "style"),
            ])
        #expect(root.argument("alignment") == .member("topLeading"))
    }

    @Test func readsArraysCommaWordsCommentsAndTrailingCommas() throws {
        let root = try parser.parse(
            """
            // The settings panel.
            VStack { // a comment after code
                Picker(segments: ["Day", "Week",], selected: 2,)
                Picker(segments: "Day,Week")
                TabBar(tabs: [.heart, .star])
                TabBar(tabs: "heart,star")
            }
            """)
        let lists = root.children.map { $0.argument("segments") ?? $0.argument("tabs") }
        #expect(lists[0] == .list([.string("Day"), .string("Week")]) && lists[1] == lists[0])
        #expect(lists[2] == .list([.member("heart"), .member("star")]) && lists[3] == lists[2])
        #expect(root.children[0].argument("selected") == .number(2))
    }

    @Test func leavesOutArgumentsEqualToTheirDefaults() throws {
        let root = try ScreenRequest(
            text: "VStack(spacing: 8, alignment: .center) { Slider(value: 0.5, steps: 0) Spacer(minLength: 8) }",
            settings: QuerySettings()
        ).layout
        #expect(root.arguments.isEmpty && root.children.allSatisfy(\.arguments.isEmpty))
        #expect(
            try parser.parse("VStack(alignment: .leading, spacing: 4) {}").arguments.map(\.label) == ["spacing", "alignment"])
    }

    /// Every error with its line, column, what was found and what was expected.
    @Test(
        arguments: [
            (
                "Buton(icon: .play)", 1, 1, "the element `Buton`",
                "one of VStack, HStack, ZStack, AdaptiveStack, Text, Image, Spacer, Divider, Button"
            ),
            ("VStack {\n    Text(\"a\", size: 3)\n}", 2, 15, "the argument `size:` of Text", "one of an unlabelled argument"),
            ("Spacer(3)", 1, 8, "an unlabelled argument to Spacer", "one of minLength:"),
            ("Divider(x: 1)", 1, 9, "the argument `x:` of Divider", "no arguments: Divider()"),
            ("VStack(spacing: 300) {}", 1, 8, "`300`", "VStack(spacing: a number from 0 to 256"),
            ("VStack(spacing: -1) {}", 1, 8, "`-1`", "VStack(spacing: a number from 0 to 256"),
            ("VStack(alignment: .top) {}", 1, 8, "`.top`", "VStack(alignment: one of .leading, .center, .trailing"),
            ("HStack(alignment: .leading) {}", 1, 8, "`.leading`", "HStack(alignment: one of .top, .center, .bottom"),
            ("Button(pressed: 1)", 1, 8, "`1`", "Button(pressed: true or false)"),
            ("Button(icon: .heart, icon: .star)", 1, 22, "icon: a second time", "each argument of Button at most once"),
            (
                "Text()", 1, 1, "Text without an unlabelled argument",
                "Text(a string literal: text of 1 to 256 characters (grapheme clusters) that shows something"
            ),
            // A layout's text is drawn as a label is, and refused for what a label is refused for.
            (
                "Text(\"\\u{202E}evil.exe\\u{202C}txt\")", 1, 6,
                "the string \"\\u{202E}evil.exe\\u{202C}txt\": it contains U+202E, a bidi control that can make "
                    + "text show in another order than it reads",
                "Text(a string literal: text of 1 to 256 characters"
            ),
            (
                "Text(\" \\u{200B}\")", 1, 6, "the string \" \u{200B}\": it shows nothing: only spaces and invisible characters",
                "Text("
            ),
            ("Text(\"\")", 1, 6, "the string \"\": it is empty", "Text("),
            (
                "Button(\"\\u{2067}Pay\")", 1, 8,
                "the string \"\\u{2067}Pay\": it contains U+2067, a bidi control that can make text show in another "
                    + "order than it reads",
                "Button("
            ),
            ("Image()", 1, 1, "Image without icon:", "Image(icon: one of .heart, .star"),
            ("Picker(segments: [\"a\", 2])", 1, 24, "`2`", "Picker(segments: an array of 2 to 5 values"),
            ("Picker(segments: [\"a\"])", 1, 8, "an array of 1 values", "Picker(segments: an array of 2 to 5 values"),
            ("Picker(segments: [[\"a\"]])", 1, 19, "`[`", "a value: a string in \"…\", a number, true, false or .name"),
            ("TabBar(tabs: \"heart,cloud\")", 1, 8, "the string \"heart,cloud\"", "TabBar(tabs: an array of 2 to 5 values"),
            ("Text(\"a\").padding(-3)", 1, 19, "`-3`", ".padding([edges,] length: edges one of .top, .leading"),
            ("Text(\"a\").padding(1, 2)", 1, 19, "`1`", ".padding("),
            ("Text(\"a\").padding(.horizontal, 2, 3)", 1, 35, "3 arguments", ".padding("),
            ("Text(\"a\")\n    .padding(.sideways, 2)", 2, 14, "`.sideways`", ".padding("),
            ("Text(\"a\").padding([.top, .middle])", 1, 26, "`.middle`", ".padding("),
            ("Text(\"a\").frame()", 1, 11, "no argument", ".frame(width:, height: or both, each from 0 to 4096; or minWidth:"),
            (
                "Text(\"a\")\n    .frame(minWidth: 200, maxWidth: 100)", 2, 27,
                "maxWidth `100`: minWidth ≤ idealWidth ≤ maxWidth does not hold", ".frame(minWidth at most idealWidth"
            ),
            (
                "Text(\"a\").frame(width: 10, maxWidth: .infinity)", 1, 28, "`maxWidth:` with a width: or height:",
                ".frame(either width: and height:"
            ),
            ("Text(\"a\").frame(width: .infinity)", 1, 17, "`.infinity`", ".frame(width:"),
            ("Text(\"a\").frame(alignment: .leading)", 1, 11, "only alignment:", ".frame(width:"),
            ("VStack {\n    Card {\n    }\n}", 3, 5, "`}`", "an element inside the Card"),
            (
                "Card(width: 100) { Text(\"a\") }", 1, 6, "`width:` on a Card holding content",
                "a Card holding content without width:"
            ),
            ("Text(\"a\").frame(width: 1, width: 2)", 1, 27, "`width:` a second time", ".frame(width:, height: or both"),
            ("Text(\"a\").frame(depth: 3)", 1, 17, "the argument `depth:`", ".frame(width:, height: or both"),
            ("Text(\"a\").font(.huge)", 1, 16, "`.huge`", ".font(.largeTitle or .title or"),
            ("Text(\"a\").lineLimit(0)", 1, 21, "`0`", ".lineLimit(a whole number from 1 to 256)"),
            ("Text(\"a\").lineLimit(1.5)", 1, 21, "`1.5`", ".lineLimit(a whole number from 1 to 256)"),
            ("Text(\"a\").bold(true)", 1, 16, "`true`", ".bold(no argument)"),
            ("Text(\"a\").foregroundStyle(.red)", 1, 27, "`.red`", ".foregroundStyle(.primary or .secondary)"),
            (
                "Text(\"a\").multilineTextAlignment(.justified)", 1, 34, "`.justified`",
                ".multilineTextAlignment(.leading or .center or .trailing)"
            ),
            ("Text(\"a\").style(.neon)", 1, 17, "`.neon`", ".style(.light or .dark or .colorful or .soft)"),
            (
                "Text(\"a\").color(\"\\u{41}\\n\")", 1, 17, "the string \"A\\u{A}\"",
                ".color(\"rrggbb\", six hex digits, or .style)"
            ),
            ("Text(\"a\").color(\"e0e5e\")", 1, 17, "the string \"e0e5e\"", ".color(\"rrggbb\", six hex digits, or .style)"),
            ("Text(\"a\").accent(.blue)", 1, 18, "`.blue`", ".accent(\"rrggbb\", six hex digits, or .style)"),
            ("Text(\"a\").light(360)", 1, 17, "`360`", ".light(.topleft, .top, .topright"),
            (
                "Text(\"a\").light(4.5)", 1, 17, "`4.5`",
                ".light(.topleft, .top, .topright, .right, .bottomright, .bottom, .bottomleft, .left or degrees from 0 to 359)"
            ),
            ("Text(\"a\").padding(top: 3)", 1, 19, "the argument `top:`", ".padding([edges,] length"),
            ("Text(\"a\").contrast(.max)", 1, 20, "`.max`", ".contrast(.standard or .high)"),
            ("Text(\"a\").style(\"soft\")", 1, 17, "the string \"soft\"", ".style(.light or .dark"),
            ("Text(\"a\").intensity(0.9)", 1, 21, "`0.9`", ".intensity(a number from 0.01 to 0.6)"),
            ("Text(\"a\").distance(.far)", 1, 20, "`.far`", ".distance(a number from 0 to "),
            ("Text(\"a\").shadowBlur(-1)", 1, 22, "`-1`", ".shadowBlur(a number from 0 to "),
            (
                "Text(\"a\").blur(3)", 1, 11, "the modifier `.blur`",
                "one of .padding, .frame, .font, .bold, .foregroundStyle, .multilineTextAlignment, .lineLimit, .style, .color, .accent, .light, .intensity, .distance, .shadowBlur, "
                    + ".contrast"
            ),
        ] as [(String, Int, Int, String, String)])
    func namesTheProblemWhereItIs(_ text: String, line: Int, column: Int, found: String, expected: String) throws {
        let error = try #require(parseError(text))
        #expect(error.location == SourceLocation(line: line, column: column))
        #expect(error.found == found)
        #expect(error.expected.hasPrefix(expected), "\(error.expected)")
        #expect(error.description.hasPrefix("line \(line), column \(column): found \(found); expected "))
    }

    /// Syntax errors: what the grammar wanted where it stopped.
    @Test(
        arguments: [
            ("", 1, 1, "the end of the layout", "an element, one of VStack"),
            ("VStack {", 1, 9, "the end of the layout", "`}` closing the VStack at line 1, column 1, or another element"),
            ("VStack {}}", 1, 10, "`}`", "no `}`: it closes no content block"),
            ("Text(\"a\") Text(\"b\")", 1, 11, "`Text`", "the end of the layout after its one outermost element"),
            ("VStack(spacing: 2)", 1, 19, "the end of the layout", "`{` and the elements inside the VStack"),
            ("Spacer", 1, 7, "the end of the layout", "`(` and Spacer's arguments"),
            ("Spacer() { }", 1, 10, "`{`", "a modifier or the next element: Spacer has no content block"),
            ("Text(\"a\" \"b\")", 1, 10, "the string \"b\"", "`,` and another argument, or `)` ending Text's arguments"),
            ("Text(\"ab", 1, 9, "the end of the layout", "the closing \" of the string that starts at line 1, column 6"),
            ("Text(\"a\nb\")", 1, 8, "the end of the line", "the closing \" of the string"),
            ("Text(\"\\q\")", 1, 7, "\\`q`", "one of Swift's escapes"),
            ("Text(\"\\u{D800}\")", 1, 7, "\\u{D800}", "\\u{…} holding 1 to 8 hex digits"),
            ("Text(\"a\").", 1, 11, "the end of the layout", "a modifier's name after `.`"),
            ("Text(\"a\")\n  .padding", 2, 11, "the end of the layout", "`(` and .padding's arguments"),
            ("Button(icon: heart)", 1, 14, "`heart`", "a value: a string in \"…\", a number, true, false or .name"),
            ("Slider(value: 0.1234567)", 1, 15, "the number 0.1234567", "a number of at most 6 digits after its point"),
            ("VStack {\n\tText(\"a\") @\n}", 2, 12, "`@`", "an element, a modifier, an argument or a value"),
            ("Text(\"a\")\u{7}", 1, 10, "U+7", "an element, a modifier"),
        ] as [(String, Int, Int, String, String)])
    func syntaxErrorsNameLineColumnFoundAndExpected(_ text: String, line: Int, column: Int, found: String, expected: String)
        throws
    {
        let error = try #require(parseError(text))
        #expect(error.kind == .syntax || error.kind == .limit(.fractionDigits))
        #expect(error.location == SourceLocation(line: line, column: column))
        #expect(error.found == found)
        #expect(error.expected.hasPrefix(expected), "\(error.expected)")
    }

    @Test func columnsCountUnicodeScalarsAndLinesCountNewlines() throws {
        let error = try #require(parseError("VStack {\n    Text(\"é🎧\") Buton()\n}"))
        #expect(error.location == SourceLocation(line: 2, column: 16) && error.kind == .unknownElement)
    }

    @Test func limitsAreEachNamed() throws {
        let tooLong = "Text(\"" + String(repeating: "a", count: ScreenLimits.sourceBytes) + "\")"
        let source = try #require(parseError(tooLong))
        #expect(source.kind == .limit(.sourceBytes) && source.found == "\(tooLong.utf8.count) bytes of layout")
        #expect(source.location == SourceLocation(line: 1, column: ScreenLimits.sourceBytes + 1))

        let sixtyFour = "VStack {\n" + String(repeating: "Spacer()\n", count: 63) + "}"
        #expect(parseError(sixtyFour) == nil)
        let sixtyFive = try #require(parseError("VStack {\n" + String(repeating: "Spacer()\n", count: 64) + "}"))
        #expect(sixtyFive.kind == .limit(.elements) && sixtyFive.location == SourceLocation(line: 65, column: 1))
        #expect(sixtyFive.expected == "at most 64 elements in a layout")

        let eight = String(repeating: "VStack {", count: 8) + "Spacer()" + String(repeating: "}", count: 8)
        #expect(parseError(eight) == nil)
        let nine = try #require(parseError(String(repeating: "VStack {", count: 9) + String(repeating: "}", count: 9)))
        #expect(nine.kind == .limit(.nesting) && nine.location == SourceLocation(line: 1, column: 65))
        #expect(nine.found == "a VStack inside 8 stacks" && nine.expected == "at most 8 stacks inside one another")

        let sixteen = "Spacer()" + String(repeating: ".padding()", count: 16)
        #expect(parseError(sixteen) == nil)
        let seventeen = try #require(parseError(sixteen + ".padding()"))
        #expect(
            seventeen.kind == .limit(.modifiersPerElement) && seventeen.location == SourceLocation(line: 1, column: 9 + 16 * 10))

        let text = try #require(parseError("Text(\"" + String(repeating: "é", count: 257) + "\")"))
        #expect(text.kind == .invalidValue && text.found.hasSuffix(": it has 257 characters"))
        #expect(text.expected.hasPrefix("Text(a string literal: text of 1 to 256 characters"))
        let digits = try #require(parseError("Slider(value: 1234567890)"))
        #expect(digits.kind == .limit(.integerDigits))
    }
}
