import Testing

@testable import ReliefText

@Suite("Joining, clusters and regional forms")
struct ComplexScriptTests {
    let library = FontLibrary.shared

    /// The glyph ids of `text` shaped on its own.
    func glyphs(_ text: String, language: String? = nil) throws -> [UInt32] {
        try library.shape(text, size: 20, weight: .regular, language: language).runs.flatMap(\.glyphs).map(\.id)
    }

    @Test func arabicLettersJoin() throws {
        // سبت: seen, beh, teh: initial, medial and final forms, not the isolated letters side by side.
        let joined = try glyphs("سبت")
        let isolated = try ["س", "ب", "ت"].reversed().flatMap { try glyphs($0) }
        #expect(joined.count == 3)
        #expect(zip(joined, isolated).allSatisfy { $0 != $1 }, "joined \(joined), isolated \(isolated)")
    }

    @Test func devanagariConjunctsForm() throws {
        // क्ष: ka, virama, ssa become one conjunct glyph.
        #expect(try glyphs("क्ष").count == 1)
        // कि: the i-matra is drawn before the consonant it follows in memory.
        let ki = try glyphs("कि")
        let ka = try glyphs("क")
        #expect(ki.count == 2 && ki.last == ka.first && ki.first != ka.first)
    }

    @Test func thaiMarksSitOnTheirBase() throws {
        // สวัสดี: วั is one cluster, the consonant and the vowel mark above it, which takes no room.
        let text = "สวัสดี"
        let glyphs = try library.shape(text, size: 20, weight: .regular).runs.flatMap(\.glyphs)
        let clusterOffset = try text.utf8.distance(from: text.startIndex, to: #require(text.unicodeScalars.firstIndex(of: "ว")))
        let cluster = glyphs.indices.filter { glyphs[$0].textOffset == clusterOffset }
        #expect(cluster.count == 2)
        let mark = try #require(cluster.last)
        #expect(glyphs[mark].x > glyphs[mark - 1].x)
        #expect(glyphs[mark + 1].x == glyphs[mark].x)
    }

    @Test func theLanguagePicksRegionalHanForms() throws {
        // 骨 differs in the strokes inside its top between Chinese and Japanese, and between the
        // simplified and traditional Chinese forms.
        let forms = try ["zh-Hans", "zh-Hant", "ja"].map { try library.shape("骨", size: 40, weight: .regular, language: $0) }
        #expect(forms[0].path != forms[1].path)
        #expect(forms[0].path != forms[2].path)
        #expect(forms[1].path != forms[2].path)
        #expect(forms.map { $0.runs.first?.faceIndex } == [2, 3, 0], "SC, TC and JP faces of Noto Sans CJK")
    }

    @Test func withoutALanguageTheScriptsDecide() throws {
        // Kana make the text Japanese, hangul Korean; Han alone is taken for Chinese.
        let cases: [(text: String, faceIndex: Int)] = [("骨です", 0), ("骨는", 1), ("骨", 2)]
        for (text, faceIndex) in cases {
            #expect(try library.shape(text, size: 40, weight: .regular).runs.first?.faceIndex == faceIndex, "\(text)")
        }
    }

    @Test(arguments: [
        ("zh-Hant", "zh-tw"), ("zh-HK", "zh-hk"), ("zh-Hant-MO", "zh-hk"), ("zh", "zh-cn"),
        ("zh-Hans-SG", "zh-cn"), ("ja", "ja"), ("ko-KR", "ko-kr"), ("pt_BR", "pt-br"), ("sr-Latn", "sr"),
    ])
    func languageTagsBecomeFontconfigOrthographies(tag: String, fontconfig: String) {
        #expect(LanguageTag(tag)?.fontconfigName == fontconfig)
    }

    @Test func emptyOrMissingTagsAreNoLanguage() {
        #expect(LanguageTag(nil) == nil)
        #expect(LanguageTag("") == nil)
        #expect(LanguageTag("-") == nil)
    }
}
