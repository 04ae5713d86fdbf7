import Testing

@testable import ReliefSpec

@Suite("Query syntax: pairs, percent-encoding, names")
struct QuerySyntaxTests {
    @Test func emptyQueryGivesAllDefaults() throws {
        #expect(try RenderSpec.parse(query: "") == RenderSpec())
    }

    @Test(arguments: ["&", "&&", "style=dark&", "&style=dark", "style=dark&&&pressed=1&"])
    func emptyPairsAreSkipped(query: String) throws {
        let spec = try RenderSpec.parse(query: query)
        let expected = try RenderSpec.parse(query: query.split(separator: "&").joined(separator: "&"))
        #expect(spec == expected)
    }

    @Test func percentEscapesDecodeAsUTF8() throws {
        let spec = try RenderSpec.parse(query: "label=Caf%C3%A9%20%F0%9F%98%80")
        #expect(spec.component.face?.label == "Café 😀")
    }

    @Test func lowercaseAndUppercaseHexEscapesBothWork() throws {
        #expect(try RenderSpec.parse(query: "label=%c3%a9").component.face?.label == "é")
        #expect(try RenderSpec.parse(query: "label=%C3%A9").component.face?.label == "é")
    }

    @Test func plusIsASpaceAndEscapedPlusIsAPlus() throws {
        #expect(try RenderSpec.parse(query: "label=a+b").component.face?.label == "a b")
        #expect(try RenderSpec.parse(query: "label=a%2Bb").component.face?.label == "a+b")
    }

    @Test func namesArePercentDecodedToo() throws {
        #expect(try RenderSpec.parse(query: "%73tyle=dark").look.style == .dark)
    }

    @Test func onlyTheFirstEqualsSignSplitsAPair() throws {
        #expect(try RenderSpec.parse(query: "label=a=b").component.face?.label == "a=b")
    }

    @Test func rawCharactersFromTheCommandLinePassThrough() throws {
        #expect(try RenderSpec.parse(query: "label=Hello World").component.face?.label == "Hello World")
        #expect(try RenderSpec.parse(query: "background=#336699").output.background == .color(red: 0x33, green: 0x66, blue: 0x99))
    }

    @Test(arguments: ["st%yle=dark", "%zz=1", "size%4=80"])
    func aNameWithBadPercentEscapesIsASyntaxError(query: String) throws {
        let error = try #require(specError(query))
        #expect(error.parameter == "query")
        #expect(error.detail.contains("two hex digits"))
        #expect(error.allowed.contains("%XX"))
    }

    @Test(arguments: ["label=%zz", "label=%4", "label=%", "label=a%G1", "label=%%41", "label=100%"])
    func aValueWithBadPercentEscapesNamesItsParameter(query: String) throws {
        let error = try #require(specError(query))
        #expect(error.parameter == "label")
        #expect(error.allowed == RenderSpec.parametersByName["label"]?.allowed)
        #expect(error.detail.contains("two hex digits"))
        #expect(error.detail.contains(query))
    }

    // Stray and cut bytes, an overlong slash, and UTF-8 for lone surrogates (U+D800, U+DFFF).
    @Test(arguments: [
        "label=%FF", "label=%C3", "label=%C3%28", "label=%C0%AF", "label=%ED%A0%80", "label=a%ED%BF%BFb",
        "onlabel=%ED%A0%80", "offlabel=%FF", "lang=%E9",
    ])
    func aValueThatIsNotUTF8NamesItsParameter(query: String) throws {
        let error = try #require(specError(query))
        let name = String(query.prefix { $0 != "=" })
        #expect(error.parameter == name)
        #expect(error.allowed == RenderSpec.parametersByName[name]?.allowed)
        #expect(error.detail.hasPrefix("\(name) must be "))
        #expect(error.detail.contains("UTF-8"))
        #expect(error.detail.contains(query))
    }

    @Test func anUnknownNameIsReportedBeforeItsValue() throws {
        #expect(specError("bogus=%FF")?.parameter == "bogus")
    }

    @Test func aParameterGivenTwiceIsAnError() throws {
        let error = try #require(specError("size=80&style=dark&size=80"))
        #expect(error.parameter == "size")
        #expect(error.detail == "size is given more than once; give it once")
    }

    @Test func pressedAndOnAreDifferentParameters() throws {
        #expect(specError("pressed=true&on=false") == nil)
    }

    @Test(arguments: ["colour=red", "Size=80", "STYLE=dark", "sizes=80", "=5", "x"])
    func unknownParametersAreErrorsListingTheKnownOnes(query: String) throws {
        let error = try #require(specError(query))
        let name = String(query.prefix { $0 != "=" })
        #expect(error.parameter == name)
        #expect(error.detail.hasPrefix("unknown parameter \"\(name)\""))
        #expect(error.allowed == "one of " + RenderSpec.parameterNames.joined(separator: ", "))
        #expect(error.detail.contains(error.allowed))
    }

    @Test func aWronglyCasedNameGetsTheLowercaseOneSuggested() throws {
        let error = try #require(specError("Size=80"))
        #expect(error.suggestion == "size")
        #expect(error.detail.hasSuffix("; did you mean `size`?"))
    }

    /// The contract's table in its order; scheme and dark follow style, which dark reads, before
    /// accent, which dark=colorful gives; SPEC §9's parameters sit before margin, whose default
    /// reads them, and are left out of canonical queries at their defaults, as are §8's; §13's
    /// controls' own follow, after animate, which from reads; circular comes before the frame, whose
    /// defaults it chooses.
    @Test func theParameterTableFollowsTheContract() {
        #expect(
            RenderSpec.parameterNames == [
                "component", "style", "scheme", "dark", "pressed", "on", "circular", "shape", "size", "width", "height",
                "radius", "depth",
                "knob", "padding", "label", "icon", "onlabel", "offlabel", "font", "lang", "scale",
                "color", "accent", "light", "intensity", "distance", "blur", "surface",
                "margin", "background", "format", "textsize", "contrast", "simulate", "animate", "fps", "loop",
                "segments", "tabs", "labels", "selected", "value", "steps", "thickness", "from",
                "text", "placeholder", "focused",
            ])
    }

    @Test func aNameWithoutValueHasAnEmptyValue() throws {
        let error = try #require(specError("pressed"))
        #expect(error.detail == "pressed must be one of true, false, 1, 0; got \"\"")
    }

    @Test func theFirstProblemInQueryOrderIsReported() throws {
        #expect(specError("size=1&style=x")?.parameter == "size")
        #expect(specError("style=x&size=1")?.parameter == "style")
    }
}
