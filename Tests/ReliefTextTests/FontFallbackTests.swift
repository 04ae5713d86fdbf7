import ReliefGeometry
import Testing

@testable import ReliefText

/// Two texts of one script and the same length, and the font file that should draw them.
struct ScriptSample: Sendable, CustomStringConvertible {
    let script: String
    let first: String
    let second: String
    /// A part of the expected font file's name.
    let fontFile: String

    var description: String { script }

    static let all = [
        ScriptSample(script: "Latin", first: "Order", second: "Hello", fontFile: "Inter-Regular"),
        ScriptSample(script: "Han, traditional", first: "開啟", second: "設定", fontFile: "NotoSansCJK-Regular"),
        ScriptSample(script: "Han, simplified", first: "开启", second: "设置", fontFile: "NotoSansCJK-Regular"),
        ScriptSample(script: "Japanese kana", first: "こんにちは", second: "ありがとう", fontFile: "NotoSansCJK-Regular"),
        ScriptSample(script: "Korean", first: "안녕", second: "감사", fontFile: "NotoSansCJK-Regular"),
        ScriptSample(script: "Arabic", first: "سلام", second: "شكرا", fontFile: "NotoSansArabic-Regular"),
        ScriptSample(script: "Hebrew", first: "שלום", second: "תודה", fontFile: "NotoSansHebrew-Regular"),
        ScriptSample(script: "Devanagari", first: "कमल", second: "नगर", fontFile: "NotoSansDevanagari-Regular"),
        ScriptSample(script: "Thai", first: "สวัสดี", second: "ขอบคุณ", fontFile: "NotoSansThai-Regular"),
    ]
}

@Suite("Fonts per character")
struct FontFallbackTests {
    let library = FontLibrary.shared

    @Test(arguments: ScriptSample.all)
    func everyScriptDrawsItsOwnGlyphsFromAFaceThatHasThem(sample: ScriptSample) throws {
        let first = try library.shape(sample.first, size: 20, weight: .regular)
        let second = try library.shape(sample.second, size: 20, weight: .regular)
        // Missing-glyph boxes would be glyph 0, and two texts of boxes of one length would be alike.
        for shaped in [first, second] {
            #expect(shaped.runs.allSatisfy { $0.fontFile.contains(sample.fontFile) }, "\(shaped.runs.map(\.fontFile))")
            #expect(shaped.runs.flatMap(\.glyphs).allSatisfy { $0.id != 0 })
            #expect(shaped.inkBounds != nil)
        }
        #expect(first.path != second.path)
    }

    @Test func colourEmojiComeFromTheColourFont() throws {
        let pizza = try library.shape("🍕", size: 20, weight: .regular)
        let rocket = try library.shape("🚀", size: 20, weight: .regular)
        for shaped in [pizza, rocket] {
            #expect(shaped.runs.map(\.fontFile) == ["/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"])
            #expect(shaped.bitmaps.count == 1)
            #expect(shaped.path.elements.isEmpty)
        }
        #expect(pizza.bitmaps.first?.rgba != rocket.bitmaps.first?.rgba)
    }

    @Test func hebrewAndArabicComeFromNotoEvenThoughDejaVuHasThem() throws {
        let mixed = try library.shape("Shalom שלום Salaam سلام", size: 20, weight: .regular)
        let files = Set(mixed.runs.map { $0.fontFile.fileName })
        #expect(files == ["Inter-Regular.otf", "NotoSansHebrew-Regular.ttf", "NotoSansArabic-Regular.ttf"])
    }

    @Test func spacesAndDigitsBetweenFallbackTextStayInTheFamilysFace() throws {
        let shaped = try library.shape("開啟 2 設定", size: 20, weight: .regular)
        let interRuns = shaped.runs.filter { $0.fontFile.hasSuffix("Inter-Regular.otf") }
        #expect(interRuns.count == 1, "the space, digit and space between the Han words")
    }

    @Test func aCharacterNoFontHasFallsBackToTheFamilysBox() throws {
        let privateUse = try library.shape("\u{10FFFD}", size: 20, weight: .regular)
        #expect(privateUse.runs.map(\.fontFile) == ["/usr/share/fonts/opentype/inter/Inter-Regular.otf"])
        #expect(privateUse.runs.first?.glyphs.map(\.id) == [0])
    }

    @Test(arguments: [
        (FontFamily.sans, "Inter-Bold.otf"), (.serif, "NotoSerif-Bold.ttf"), (.rounded, "Comfortaa-Bold.ttf"),
        (.mono, "DejaVuSansMono-Bold.ttf"),
    ])
    func eachFamilyHasItsOwnFaceAndTheSameFallbacks(family: FontFamily, latinFile: String) throws {
        let latin = try library.shape("Settings", size: 20, weight: .bold, family: family)
        #expect(latin.runs.map { $0.fontFile.fileName } == [latinFile])
        for text in ["開啟", "שלום", "سلام", "🍕"] {
            let shaped = try library.shape(text, size: 20, weight: .bold, family: family)
            #expect(shaped.runs.flatMap(\.glyphs).allSatisfy { $0.id != 0 }, "\(family) \(text)")
        }
    }

    @Test func serifFallsBackToSerifFacesWhereNotoHasThem() throws {
        let hebrew = try library.shape("שלום", size: 20, weight: .regular, family: .serif)
        #expect(hebrew.runs.map(\.fontFile) == ["/usr/share/fonts/truetype/noto/NotoSerifHebrew-Regular.ttf"])
        let han = try library.shape("開啟", size: 20, weight: .regular, family: .serif)
        #expect(han.runs.allSatisfy { $0.fontFile.hasSuffix("NotoSerifCJK-Regular.ttc") })
    }

    @Test func boldFallbacksAreBold() throws {
        let regular = try library.shape("سلام", size: 20, weight: .regular)
        let bold = try library.shape("سلام", size: 20, weight: .bold)
        #expect(bold.runs.map(\.fontFile) == ["/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf"])
        #expect(bold.advance > regular.advance)
    }

    @Test func concurrentFallbackMatchesSerialFallback() async throws {
        let texts = ["開啟", "שלום", "سلام", "🍕 Hot", "สวัสดี", "नमस्ते", "안녕", "Order طلب 25", "骨です"]
        let families = FontFamily.allCases
        let expected = try texts.map { text in
            try families.map { try library.shape(text, size: 15, weight: .regular, family: $0) }
        }
        // A fresh library opens its faces and asks fontconfig while other threads do the same.
        let fresh = FontLibrary()
        try await withThrowingTaskGroup(of: (Int, Int, ShapedText).self) { group in
            for round in 0..<72 {
                let text = round % texts.count, family = (round / texts.count) % families.count
                group.addTask {
                    (text, family, try fresh.shape(texts[text], size: 15, weight: .regular, family: families[family]))
                }
            }
            for try await (text, family, shaped) in group {
                #expect(shaped == expected[text][family], "\(texts[text]) in \(families[family])")
            }
        }
    }

    @Test func theLineIsAsTallAsItsTallestFace() throws {
        let latin = try library.shape("Order", size: 20, weight: .regular)
        let han = try library.shape("Order 開啟", size: 20, weight: .regular)
        #expect(han.ascent > latin.ascent)
        #expect(han.descent > latin.descent)
    }
}

extension String {
    /// The last component of a file path.
    fileprivate var fileName: String { String(split(separator: "/").last ?? "") }
}
