import ReliefSpec
import Testing

@testable import ReliefScreen

/// A screen's request: each element a `/render` spec of the parameter table, the look of the
/// modifiers around it, one canonical form, every refusal named and placed.
@Suite("Screen requests")
struct ScreenRequestTests {
    func request(_ layout: String, _ query: String = "") throws -> ScreenRequest {
        try ScreenRequest.parse(query: "source=" + ScreenSource.encode(layout) + (query.isEmpty ? "" : "&" + query))
    }

    func spec(_ request: ScreenRequest, line: Int) throws -> RenderSpec {
        try #require(request.specs.first { $0.key.line == line }?.value)
    }

    /// SwiftUI's spellings and `/render`'s name the same parameters: `Toggle("Shuffle", isOn: true)`
    /// is `component=toggle&label=Shuffle&on=true`, and its canonical form is SwiftUI's.
    @Test func swiftUISpellingsAreTheParametersOfRender() throws {
        let swiftUI = try request("Toggle(\"Shuffle\", isOn: true)")
        let render = try request("Toggle(on: true, label: \"Shuffle\")")
        #expect(swiftUI.canonicalText == "Toggle(\"Shuffle\", isOn: true)\n")
        #expect(render.canonicalText == swiftUI.canonicalText && render.canonicalQuery == swiftUI.canonicalQuery)
        let toggle = try spec(swiftUI, line: 1)
        #expect(toggle.component.kind == .toggle && toggle.component.isActive && toggle.component.options.label == "Shuffle")
        #expect(toggle.output.margin == 0 && toggle.output.background == .transparent)
        #expect(try request("TextField(\"Search\")").specs.values.first?.component.textFieldOptions?.placeholder == "Search")
        #expect(try spec(request("Picker(segments: [\"A\", \"B\"], selected: 2)"), line: 1).component.kind == .segmented)
    }

    /// Arguments that do not apply, or hold the default where they are, are left out as `/render`'s
    /// canonical query leaves them out.
    @Test(
        arguments: [
            ("Button()", "Button(icon: .heart, pressed: false, shape: .circle, size: 80)"),
            ("Button(shape: .rounded)", "Button(shape: .rounded, width: 80, height: 80)"),
            ("Button(size: 60)", "Button(size: 60, width: 300)"),
            ("Button(\"Play\")", "Button(label: \"Play\", icon: .none)"),
            ("Slider(value: 0.4)", "Slider(value: 0.4, from: 0.2)"),
            ("ProgressView()", "ProgressView(value: 0.6, circular: false)"),
        ] as [(String, String)])
    func defaultsAndWhatDoesNotApplyAreLeftOut(_ short: String, _ long: String) throws {
        #expect(try request(short).canonicalText == request(long).canonicalText)
    }

    /// The look modifiers apply to what they wrap, inner ones winning; the query's settings to all.
    @Test func looksAreInheritedInnerOnesWinning() throws {
        let screen = try request(
            """
            VStack {
                Button()
                HStack {
                    Button()
                    Button().style(.soft).light(.bottomright)
                }
                .style(.colorful)
                .accent("ff8800")
            }
            .style(.dark)
            """, "scale=2&contrast=high")
        let outer = try spec(screen, line: 2), row = try spec(screen, line: 4), inner = try spec(screen, line: 5)
        #expect(outer.look.style == .dark && row.look.style == .colorful && inner.look.style == .soft)
        #expect(row.look.accent?.custom != nil && outer.look.accent == nil)
        #expect(inner.look.light.degrees == 135 && outer.look.light.degrees == 315)
        #expect([outer, row, inner].allSatisfy { $0.output.scale == 2 && $0.look.contrast == .high })
    }

    /// Every look parameter of the table is a modifier of its name (`blur` as `.shadowBlur`), read by
    /// the parameter's entry: it sets what the query's parameter sets, for what it wraps.
    @Test func everyLookParameterIsAModifier() throws {
        let screen = try request(
            """
            VStack {
                Button().intensity(0.2).distance(12).shadowBlur(3.5).color("#E0E5EC")
                Button()
            }
            .intensity(0.3)
            """, "distance=4")
        let inner = try spec(screen, line: 2), outer = try spec(screen, line: 3)
        #expect(inner.look.intensity == 0.2 && inner.look.distance == 12 && inner.look.blur == 3.5)
        #expect(inner.look.color.custom != nil && outer.look.color.custom == nil)
        #expect(outer.look.intensity == 0.3 && outer.look.distance == 4)
        #expect(Set(LookModifier.all.map(\.parameter.name)) == LookModifier.parameterNames)
        #expect(LookModifier.parameterNames.isSubset(of: ScreenRequest.settingNames))
        #expect(LookModifier.all.map(\.name).contains("shadowBlur") && LookModifier.named("blur") == nil)
    }

    /// The query's settings in one spelling: defaults that hold everywhere left out, others kept.
    @Test func settingsHaveOneSpelling() throws {
        let layout = "Button()"
        #expect(try request(layout, "style=light&scale=1&format=png").canonicalQuery == request(layout).canonicalQuery)
        #expect(try request(layout, "accent=FF8800").canonicalQuery.hasSuffix("&accent=ff8800"))
        #expect(try request(layout, "scale=2&style=dark").canonicalQuery.hasSuffix("&style=dark&scale=2"))
        #expect(try request(layout, "textsize=ax3").page.look.textSize == .ax3)
    }

    /// An array's items are kept as written: a comma inside a string is part of the item, in the
    /// element's spec and in the canonical form, so layouts that differ by it share no key.
    @Test func aCommaInsideAnArrayItemIsPartOfIt() throws {
        let kept = try request("Picker(segments: [\"Yes, please\", \"No\"], selected: 2)")
        #expect(try spec(kept, line: 1).component.segmentedOptions?.segments == ["Yes, please", "No"])
        #expect(kept.canonicalText == "Picker(segments: [\"Yes, please\", \"No\"], selected: 2)\n")
        let split = try request("Picker(segments: [\"Yes\", \" please\", \"No\"], selected: 2)")
        #expect(try spec(split, line: 1).component.segmentedOptions?.segments == ["Yes", " please", "No"])
        #expect(split.canonicalQuery != kept.canonicalQuery)
        // The string of comma-separated words reads as `/render`'s list does, `\,` a comma in a word.
        let words = try request(#"Picker(segments: "Yes\\, please,No", selected: 2)"#)
        #expect(words.canonicalQuery == kept.canonicalQuery)
        #expect(try request(kept.canonicalText).canonicalQuery == kept.canonicalQuery)
    }

    /// A layout within the limit whose canonical form (indents, invisible characters as `\u{…}`) is
    /// past it is refused, so that every screen accepted can be named by its URL.
    @Test func aCanonicalFormPastTheSourceLimitIsRefused() throws {
        let marks = String(repeating: "\u{200F}", count: 255)
        let layout = "VStack {\n" + String(repeating: "Text(\"a\(marks)\")\n", count: 10) + "}"
        #expect(layout.utf8.count <= ScreenLimits.sourceBytes)
        let error = try #require(throws: ScreenRequestError.self) { try request(layout) }
        #expect(error.problem.detail.contains("bytes in canonical form"), "\(error)")
        // Half of it is within the limit in canonical form too, and its canonical form is its URL's.
        let half = "VStack {\n" + String(repeating: "Text(\"a\(marks)\")\n", count: 3) + "}"
        #expect(try request(half).canonicalText.utf8.count <= ScreenLimits.sourceBytes)
    }

    /// A refusal of an element's spec points at the argument it names, or at the element.
    @Test(
        arguments: [
            ("Picker(segments: \"Day,Week,Month\", selected: 4)", 1, 36, "selected must name one of the 3 segments"),
            ("VStack {\n    Switch(width: 60, height: 60)\n}", 2, 5, "Switch:"),
            ("TabBar(tabs: [.heart, .star], labels: [\"One\"])", 1, 31, "labels"),
            ("Slider(value: 2)", 1, 8, "Slider(value: a number from 0 to 1)"),
        ] as [(String, Int, Int, String)])
    func anElementsRefusalIsPlaced(layout: String, line: Int, column: Int, words: String) throws {
        let error = try #require(throws: ScreenRequestError.self) { try request(layout) }
        #expect(error.location == SourceLocation(line: line, column: column), "\(error)")
        #expect(error.problem.parameter == "source" && error.problem.detail.contains(words), "\(error)")
    }

    /// The query takes the screen's settings; an element's parameter, `component` and `scheme` are refused
    /// naming where they belong.
    @Test(
        arguments: [
            ("pressed=true", "pressed", "write it in the layout"),
            ("component=button", "component", "the layout names each element"),
            ("scheme=auto", "scheme", "one style"),
            ("sig", "sig", "unknown parameter"),
            ("scale=9", "scale", "scale must be"),
            ("format=svg&animate=true", "animate", "animate"),
        ] as [(String, String, String)])
    func aQueryRefusalNamesItsParameter(query: String, parameter: String, words: String) throws {
        let error = try #require(throws: ScreenRequestError.self) { try request("Button()", query) }
        #expect(error.problem.parameter == parameter && error.problem.detail.contains(words), "\(error)")
        #expect(error.location == nil)
    }

    /// A component's `/render` is built as its one-element screen without writing and parsing its
    /// layout: the request is the one its canonical text parses to with the same settings, in every
    /// style, with words, an icon, a state and settings of its own, an animation, a look and an
    /// output of its own, and as a flexible control's width fixes it: its specs, looks and page.
    @Test(arguments: RenderSpec.ComponentKind.allCases)
    func aComponentsRequestIsTheRequestOfItsCanonicalText(kind: RenderSpec.ComponentKind) throws {
        let own = [
            "", "&label=Shuffle%20%E2%80%8B&icon=heart&pressed=true&on=true", "&width=300&textsize=xl&scale=2",
            "&animate=true&fps=24&loop=true&on=true", "&simulate=deuteranopia&margin=12&background=transparent",
            "&lang=ja&font=serif&color=336699&accent=ff0000&light=90&intensity=0.2&distance=4&blur=9&contrast=high",
            "&format=svg&background=223344&label=Go",
        ]
        for style in RenderSpec.Style.allCases {
            for extra in own {
                let query = "component=\(kind.rawValue)&style=\(style.rawValue)" + extra
                guard let spec = try? RenderSpec.parse(query: query) else { continue }
                let built = try ScreenRequest(component: spec)
                let parsed = try ScreenRequest(text: built.canonicalText, settings: built.settings)
                #expect(built.canonicalText == parsed.canonicalText, "\(query)")
                #expect(built.specs == parsed.specs && built.components == parsed.components, "\(query)")
                #expect(built.looks == parsed.looks && built.page == parsed.page, "\(query)")
                #expect(built.canonicalQuery == parsed.canonicalQuery, "\(query)")
            }
        }
    }

    @Test func theSourceIsRequiredAndChecked() throws {
        #expect(throws: ScreenRequestError.self) { try ScreenRequest.parse(query: "style=dark") }
        let error = try #require(throws: ScreenRequestError.self) { try ScreenRequest.parse(query: "source=%2B%2B") }
        #expect(error.problem.parameter == "source" && error.problem.detail.contains("base64url"))
    }
}
