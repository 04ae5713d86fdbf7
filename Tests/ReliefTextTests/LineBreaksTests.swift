import ReliefText
import Testing

@Suite("Line-break opportunities")
struct LineBreaksTests {
    /// The pieces `text` may be broken into.
    func pieces(_ text: String, language: String? = nil) throws -> [String] {
        let breaks = try LineBreaks.opportunities(in: text, language: language)
        return zip([text.startIndex] + breaks, breaks + [text.endIndex]).map { String(text[$0..<$1]) }
    }

    @Test func latinBreaksAfterSpacesAndHyphens() throws {
        #expect(try pieces("Order the soup now") == ["Order ", "the ", "soup ", "now"])
        #expect(try pieces("Wi-Fi settings") == ["Wi-", "Fi ", "settings"])
    }

    @Test func hanAndKanaBreakBetweenCharacters() throws {
        #expect(try pieces("開啟設定") == ["開", "啟", "設", "定"])
        // Closing punctuation never starts a line.
        #expect(try pieces("開いて。閉じて", language: "ja").allSatisfy { !$0.hasPrefix("。") })
    }

    @Test func thaiBreaksBetweenDictionaryWords() throws {
        #expect(try pieces("สวัสดีครับ") == ["สวัสดี", "ครับ"])
    }

    @Test func clustersStayWhole() throws {
        #expect(try pieces("👨‍👩‍👧👍🏽") == ["👨‍👩‍👧", "👍🏽"])
    }

    @Test func shortTextHasNoBreaks() throws {
        #expect(try LineBreaks.opportunities(in: "", language: nil).isEmpty)
        #expect(try LineBreaks.opportunities(in: "A", language: nil).isEmpty)
        #expect(try LineBreaks.opportunities(in: "Settings", language: "en").isEmpty)
    }
}
