import Testing

@testable import ReliefSpec

/// A numeric parameter with its range, and a query in which both ends pass the image-size limit.
struct NumberCase: Sendable, CustomTestStringConvertible {
    var name: String
    var range: ClosedRange<Double>
    var context: String

    var testDescription: String { name }

    static let all: [NumberCase] = [
        NumberCase(name: "size", range: RenderSpec.Limits.side, context: ""),
        NumberCase(name: "width", range: RenderSpec.Limits.side, context: "shape=rounded"),
        NumberCase(name: "height", range: RenderSpec.Limits.side, context: "shape=rounded"),
        NumberCase(name: "radius", range: RenderSpec.Limits.radius, context: "shape=rounded"),
        NumberCase(name: "knob", range: RenderSpec.Limits.knob, context: ""),
        NumberCase(name: "padding", range: RenderSpec.Limits.padding, context: ""),
        NumberCase(name: "scale", range: RenderSpec.Limits.scale, context: ""),
        NumberCase(name: "margin", range: RenderSpec.Limits.margin, context: ""),
    ]
}

/// A query and the value it must leave in one field.
struct StoredNumberCase: Sendable, CustomTestStringConvertible {
    var query: String
    var field: @Sendable (RenderSpec) -> Double?
    var value: Double

    var testDescription: String { query }

    static let all: [StoredNumberCase] = [
        StoredNumberCase(query: "size=16", field: \.component.frame.width, value: 16),
        StoredNumberCase(query: "size=1024", field: \.component.frame.height, value: 1024),
        StoredNumberCase(query: "shape=rounded&width=1024", field: \.component.frame.width, value: 1024),
        StoredNumberCase(query: "shape=rounded&height=16", field: \.component.frame.height, value: 16),
        StoredNumberCase(query: "shape=rounded&radius=0", field: \.component.frame.radius, value: 0),
        StoredNumberCase(query: "shape=rounded&radius=512", field: \.component.frame.radius, value: 512),
        StoredNumberCase(query: "component=switch&knob=0", field: \.component.switchOptions?.knob, value: 0),
        StoredNumberCase(
            query: "component=switch&width=1024&height=16&knob=1008&padding=7.5", field: \.component.switchOptions?.knob,
            value: 1008),
        StoredNumberCase(query: "component=switch&padding=0", field: \.component.switchOptions?.padding, value: 0),
        StoredNumberCase(
            query: "component=switch&width=1024&height=600&padding=256", field: \.component.switchOptions?.padding, value: 256),
        StoredNumberCase(query: "scale=4", field: \.output.scale, value: 4),
        StoredNumberCase(query: "margin=0", field: \.output.margin, value: 0),
        StoredNumberCase(query: "margin=256", field: \.output.margin, value: 256),
    ]
}

/// One value of an enum parameter, in a query where the parameter applies, and the field it must set.
struct EnumValueCase: Sendable, CustomTestStringConvertible {
    var query: String
    var value: String
    /// The spelling of the value a spec holds in the field.
    var stored: @Sendable (RenderSpec) -> String?

    var testDescription: String { query }

    static let all: [EnumValueCase] =
        every(RenderSpec.ComponentKind.self, "component", at: \.component.kind.rawValue)
        + every(RenderSpec.Style.self, "style", at: \.look.style.rawValue)
        + every(RenderSpec.ShapeKind.self, "shape", at: \.component.shape.rawValue)
        + every(RenderSpec.Depth.self, "depth", at: \.component.wellOptions?.depth.rawValue, context: "component=well&")
        + every(RenderSpec.Icon.self, "icon", at: \.component.face?.icon.rawValue)
        + every(RenderSpec.Format.self, "format", at: \.output.format.rawValue)

    /// A case for each value of the enum that `name` takes, read back from `field`.
    static func every<Value: CaseIterable & RawRepresentable<String>>(
        _ type: Value.Type, _ name: String, at field: @escaping @Sendable (RenderSpec) -> String?, context: String = ""
    ) -> [EnumValueCase] {
        type.allCases.map { EnumValueCase(query: "\(context)\(name)=\($0.rawValue)", value: $0.rawValue, stored: field) }
    }
}

@Suite("Parameter values: each kind, valid, invalid and at its edges")
struct ParameterValueTests {
    @Test(arguments: EnumValueCase.all)
    func everyEnumValueParses(choice: EnumValueCase) throws {
        #expect(choice.stored(try RenderSpec.parse(query: choice.query)) == choice.value)
    }

    @Test(arguments: [
        (
            "component", "dial",
            "one of button, toggle, switch, well, card, slider, progress, segmented, tabbar, checkbox, radio, textfield"
        ),
        ("style", "neon", "one of light, dark, colorful, soft"),
        ("shape", "square", "one of circle, rounded, capsule"),
        ("depth", "medium", "one of shallow, deep"),
        ("icon", "smile", "one of heart, star, play, pause, plus, check, power, bell, none"),
        ("format", "gif", "one of png, svg, css, html, swiftui, json, webp, avif, auto"),
    ])
    func unknownEnumValuesAreErrorsListingAllCases(name: String, value: String, allowed: String) throws {
        let error = try #require(specError("\(name)=\(value)"))
        #expect(error.parameter == name)
        #expect(error.allowed == allowed)
        #expect(error.detail == "\(name) must be \(allowed); got \"\(value)\"")
    }

    @Test(arguments: ["component=Button", "style=DARK", "shape=Circle", "pressed=True", "background=Transparent"])
    func enumValuesAreLowercaseOnly(query: String) throws {
        let error = try #require(specError(query))
        #expect(error.detail.hasSuffix("(values are lowercase)"))
    }

    @Test(arguments: [("true", true), ("1", true), ("false", false), ("0", false)])
    func booleansAcceptWordsAndDigits(text: String, value: Bool) throws {
        #expect(try RenderSpec.parse(query: "pressed=\(text)").component.isActive == value)
        #expect(try RenderSpec.parse(query: "component=toggle&on=\(text)").component.isActive == value)
    }

    @Test(arguments: ["yes", "no", "2", "01", "", "on", "t"])
    func otherBooleanSpellingsAreErrors(text: String) throws {
        let error = try #require(specError("on=\(text)"))
        #expect(error.parameter == "on")
        #expect(error.allowed == "one of true, false, 1, 0")
    }

    @Test(arguments: NumberCase.all)
    func numbersAreAcceptedAtBothEnds(number: NumberCase) throws {
        for end in [number.range.lowerBound, number.range.upperBound] {
            #expect(specError("\(number.context)&\(number.name)=\(DecimalText.format(end))") == nil)
        }
    }

    @Test(arguments: StoredNumberCase.all)
    func numbersAreStoredWhereTheyApply(number: StoredNumberCase) throws {
        #expect(number.field(try RenderSpec.parse(query: number.query)) == number.value)
    }

    @Test(arguments: NumberCase.all)
    func numbersJustOutsideTheRangeAreErrorsNamingIt(number: NumberCase) throws {
        let lower = DecimalText.format(number.range.lowerBound)
        let upper = DecimalText.format(number.range.upperBound)
        var outside = [number.range.upperBound + 1, number.range.upperBound + 0.5]
        if number.range.lowerBound > 0 {
            outside += [number.range.lowerBound - 1, number.range.lowerBound - 0.5]
        }
        for value in outside {
            let text = DecimalText.format(value)
            let error = try #require(specError("\(number.context)&\(number.name)=\(text)"))
            #expect(error.parameter == number.name)
            #expect(error.allowed == "a number from \(lower) to \(upper)")
            #expect(error.detail == "\(number.name) must be a number from \(lower) to \(upper); got \"\(text)\"")
        }
    }

    @Test func sizeOutOfRangeReadsAsTheContractSays() throws {
        #expect(specError("size=2000")?.description == "size: size must be a number from 16 to 1024; got \"2000\"")
    }

    @Test(arguments: [
        "-5", "+5", "%2B5", "1e2", "0x10", "nan", "inf", "infinity", ".5", "5.", "80.0.1", " 80", "80 ",
        "8 0", "", "abc", "80px", "1_000", "0000000000080", "٨٠", "80,5",
    ])
    func malformedNumbersAreErrors(text: String) throws {
        let error = try #require(specError("size=" + QueryString.encode(text)))
        #expect(error.parameter == "size")
        #expect(error.detail.hasPrefix("size must be a number from 16 to 1024; got "))
        #expect(error.detail.hasSuffix("(write digits with an optional decimal point, at most 12 characters)"))
    }

    @Test(arguments: [("80", 80.0), ("80.5", 80.5), ("080", 80), ("80.50", 80.5), ("16.000000001", 16.000000001)])
    func plainDecimalsAreRead(text: String, value: Double) throws {
        #expect(try RenderSpec.parse(query: "size=\(text)").component.frame.width == value)
    }

    @Test(arguments: ["1.5", "2.25", "3.999"])
    func scaleMayBeADecimal(text: String) throws {
        #expect(try RenderSpec.parse(query: "scale=\(text)").output.scale == Double(text))
    }
}

@Suite("label values")
struct LabelValueTests {
    @Test func aLabelIsStoredExactlyAsGiven() throws {
        #expect(try RenderSpec.parse(query: "label=%20Hi%20%20there%20").component.face?.label == " Hi  there ")
    }

    @Test func anEmptyLabelIsAnError() throws {
        let error = try #require(specError("label="))
        #expect(error.parameter == "label")
        #expect(
            error.allowed == "text of 1 to 64 characters (grapheme clusters) that shows something, "
                + "without control characters or bidi embedding, override and isolate controls")
        #expect(error.detail.hasSuffix("(it is empty)"))
    }

    @Test func sixtyFourCharactersAreAllowedAndSixtyFiveAreNot() throws {
        #expect(try RenderSpec.parse(query: "label=" + String(repeating: "a", count: 64)).component.face?.label?.count == 64)
        let error = try #require(specError("label=" + String(repeating: "a", count: 65)))
        #expect(error.parameter == "label")
        #expect(error.detail.hasSuffix("(it has 65 characters)"))
    }

    @Test func anEmojiCountsAsOneCharacter() throws {
        let family = "👨‍👩‍👧‍👦"
        let label = String(repeating: family, count: 64)
        #expect(try RenderSpec.parse(query: "label=" + QueryString.encode(label)).component.face?.label == label)
        #expect(specError("label=" + QueryString.encode(label + "!")) != nil)
    }

    @Test func stackedCombiningMarksAreBounded() throws {
        let heavy = "a" + String(repeating: "\u{301}", count: RenderSpec.Limits.maxLabelScalars)
        let error = try #require(specError("label=" + QueryString.encode(heavy)))
        #expect(error.parameter == "label")
        #expect(error.detail.contains("Unicode scalars"))
    }

    @Test(arguments: ["%00", "%07", "%0A", "%0D", "%09", "%1B", "%7F", "%C2%80", "%C2%9F"])
    func controlCharactersAreErrorsAndShownEscaped(escape: String) throws {
        let error = try #require(specError("label=a\(escape)b"))
        #expect(error.parameter == "label")
        #expect(error.detail.hasSuffix("(it contains a control character)"))
        #expect(!error.detail.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(error.detail.contains("\\u{"))
    }
}

@Suite("background values")
struct BackgroundValueTests {
    @Test(arguments: [
        ("style", RenderSpec.Background.style),
        ("transparent", .transparent),
        ("336699", .color(red: 0x33, green: 0x66, blue: 0x99)),
        ("A0b1C2", .color(red: 0xA0, green: 0xB1, blue: 0xC2)),
        ("%23ffffff", .color(red: 255, green: 255, blue: 255)),
        ("%23000000", .color(red: 0, green: 0, blue: 0)),
    ])
    func backgroundForms(text: String, value: RenderSpec.Background) throws {
        #expect(try RenderSpec.parse(query: "background=\(text)").output.background == value)
    }

    @Test(arguments: ["red", "fff", "%23fff", "1234567", "12345g", "%23%23123456", "0x1234", "+12345", "-12345", "", "none"])
    func otherBackgroundsAreErrors(text: String) throws {
        let error = try #require(specError("background=\(text)"))
        #expect(error.parameter == "background")
        #expect(error.allowed == "one of style, transparent, or a hex colour rrggbb")
    }
}
