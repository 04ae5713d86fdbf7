import Testing

@testable import ReliefSpec

@Suite("Name suggestions")
struct NameSuggestionTests {
    @Test(arguments: [
        ("kitten", "sitting", 3), ("ab", "ba", 1), ("ca", "abc", 3), ("", "on", 2), ("on", "on", 0), ("presed", "pressed", 1),
    ])
    func distanceCountsInsertionsDeletionsSubstitutionsAndSwaps(a: String, b: String, edits: Int) {
        #expect(NameSuggestion.distance(Array(a), Array(b)) == edits)
        #expect(NameSuggestion.distance(Array(b), Array(a)) == edits)
    }

    @Test(arguments: [
        ("presed", "pressed"), ("Size", "size"), ("STYLE", "style"), ("no", "on"), ("colour", "color"),
        ("widht", "width"), ("placehodler", "placeholder"), ("foramt", "format"),
    ])
    func aNameAFewEditsAwayIsSuggested(written: String, meant: String) {
        #expect(NameSuggestion.nearest(to: written, among: RenderSpec.parameterNames) == meant)
    }

    @Test(arguments: ["x", "zzz", "verbose", "", "sizes of everything"])
    func aNameFarFromEveryKnownOneGetsNoSuggestion(written: String) {
        #expect(NameSuggestion.nearest(to: written, among: RenderSpec.parameterNames) == nil)
    }

    @Test(arguments: [
        ("checked", "on"), ("isOn", "on"), ("isChecked", "on"), ("title", "label"), ("caption", "label"),
        ("dpr", "scale"), ("bg", "background"), ("colour", "color"), ("tint", "accent"),
    ])
    func synonymsFromTheParameterTableAreSuggested(written: String, meant: String) {
        let suggestion = NameSuggestion.nearest(
            to: written, among: RenderSpec.parameterNames, synonyms: RenderSpec.parameterSynonyms)
        #expect(suggestion == meant)
    }

    @Test func aSynonymOfANameNotAmongTheChoicesIsIgnored() {
        #expect(NameSuggestion.nearest(to: "checked", among: ["size", "style"], synonyms: ["checked": "on"]) == nil)
    }

    @Test func aTieGoesToTheNameListedFirst() {
        #expect(NameSuggestion.nearest(to: "bat", among: ["cat", "hat"]) == "cat")
        #expect(NameSuggestion.nearest(to: "bat", among: ["hat", "cat"]) == "hat")
    }

    @Test func synonymsAreLowercaseAndNoneIsAParameter() {
        for parameter in RenderSpec.parameters {
            for synonym in parameter.synonyms {
                #expect(synonym == synonym.lowercased())
                #expect(!RenderSpec.parameterNames.contains(synonym), "\(synonym) of \(parameter.name)")
            }
        }
    }

    @Test(arguments: [
        ("component=checkbox&checked=true", "checked", "on"), ("colour=ff0000", "colour", "color"),
        ("presed=true", "presed", "pressed"), ("Size=80", "Size", "size"),
    ])
    func anUnknownParameterIsAnsweredWithTheNameMeant(query: String, name: String, meant: String) throws {
        let error = try #require(specError(query))
        #expect(error.parameter == name)
        #expect(error.allowed == "one of " + RenderSpec.parameterNames.joined(separator: ", "))
        #expect(error.suggestion == meant)
        #expect(error.detail.hasPrefix("unknown parameter \"\(name)\"; parameters are \(error.allowed)"))
        #expect(error.detail.hasSuffix("; did you mean `\(meant)`?"))
    }

    @Test func anUnknownParameterFarFromEveryNameHasNoSuggestion() throws {
        let error = try #require(specError("zzz=1"))
        #expect(error.suggestion == nil && !error.detail.contains("did you mean"))
    }

    @Test func otherErrorsHaveNoSuggestion() throws {
        #expect(try #require(specError("size=2000")).suggestion == nil)
    }
}
