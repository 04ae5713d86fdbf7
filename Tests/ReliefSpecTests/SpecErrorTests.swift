import Testing

@testable import ReliefSpec

@Suite("Error messages")
struct SpecErrorTests {
    @Test func descriptionIsParameterThenDetail() {
        let error = SpecError(parameter: "size", allowed: "a number from 16 to 1024", detail: "size must be ...")
        #expect(error.description == "size: size must be ...")
    }

    @Test(arguments: [
        "component=x", "style=x", "pressed=x", "on=x", "shape=x", "size=x", "width=x", "height=x", "radius=x",
        "depth=x", "knob=x", "padding=x", "icon=x", "label=", "scale=x", "margin=x", "background=x", "format=x",
    ])
    func everyParameterErrorNamesItsParameterAndWhatItAccepts(query: String) throws {
        let name = String(query.prefix { $0 != "=" })
        let error = try #require(specError(query))
        #expect(error.parameter == name)
        #expect(!error.allowed.isEmpty)
        #expect(error.detail.hasPrefix("\(name) must be \(error.allowed); got \""))
        #expect(error.description == "\(name): \(error.detail)")
        #expect(!error.description.contains("\n"))
    }

    @Test(arguments: [
        "label=%07", "style=a%0Ab", "x%0Ay=1", "label=%1B%5B31m", "icon=%C2%85", "%7F=1", "label=%FF%0A",
        "style=\u{1B}[2J", "label=a\u{85}",
    ])
    func controlCharactersFromTheQueryAreNeverPrintedRaw(query: String) throws {
        let error = try #require(specError(query))
        for text in [error.parameter, error.detail, error.allowed, error.description] {
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
    }

    @Test func longValuesAreShortenedInMessages() throws {
        let value = String(repeating: "x", count: 5_000)
        let error = try #require(specError("style=" + value))
        #expect(error.detail.count < 200)
        #expect(error.detail.contains("…"))
    }

    @Test func quotesAndBackslashesAreEscaped() {
        #expect(MessageText.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(MessageText.quoted("\u{7}\u{9F}é") == #""\u{7}\u{9F}é""#)
    }

    @Test func errorsAreValuesThatCompare() {
        #expect(specError("size=2000") == specError("size=2000"))
        #expect(specError("size=2000") != specError("size=2001"))
    }
}
