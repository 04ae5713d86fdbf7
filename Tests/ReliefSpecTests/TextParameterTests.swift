import Testing

@testable import ReliefSpec

/// The text parameters of SPEC §11: what `label`, `onlabel` and `offlabel` accept, `lang` and `font`.
@Suite("Text parameters")
struct TextParameterTests {
    static let textParameters = ["label", "onlabel", "offlabel"]

    /// The query giving `name` the percent-encoded `text`, on a component where it applies.
    static func query(_ name: String, _ text: String) -> String {
        (name == "label" ? "" : "component=switch&") + name + "=" + QueryString.encode(text)
    }

    @Test(arguments: textParameters)
    func aFamilyEmojiIsOneOfTheSixtyFourCharacters(name: String) throws {
        let family = "👨‍👩‍👧‍👦"
        #expect(specError(Self.query(name, String(repeating: family, count: 64))) == nil)
        let error = try #require(specError(Self.query(name, String(repeating: "字", count: 65))))
        #expect(error.parameter == name)
        #expect(error.detail.hasSuffix("(it has 65 characters)"))
    }

    @Test(
        arguments: textParameters,
        [
            " ", "\u{200B}", "\u{FEFF}", "\u{E0067}\u{E0062}", " \u{2060}\u{3000}\u{00A0}",
            "\u{200D}\u{FE0F}", "\u{115F}\u{3164}",
        ])
    func textThatShowsNothingIsRefused(name: String, text: String) throws {
        let error = try #require(specError(Self.query(name, text)))
        #expect(error.parameter == name)
        #expect(error.allowed == RenderSpec.parametersByName[name]?.allowed)
        #expect(error.detail.hasSuffix("(it shows nothing: only spaces and invisible characters)"))
    }

    @Test(
        arguments: textParameters,
        [
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
            "\u{2068}", "\u{2069}",
        ])
    func bidiEmbeddingsOverridesAndIsolatesAreRefused(name: String, control: String) throws {
        // "gpj.exe" shown backwards would read as a picture's name.
        let error = try #require(specError(Self.query(name, "photo\(control)gpj.exe")))
        #expect(error.parameter == name)
        let code = String(control.unicodeScalars.first!.value, radix: 16, uppercase: true)
        #expect(error.detail.contains("(it contains U+\(code), a bidi control"))
    }

    @Test(arguments: ["\u{200E}Hello", "\u{200F}שלום", "\u{061C}مرحبا", "e\u{301}", "👍🏽", "🇯🇵", "立即訂購", "Order 25 طلب"])
    func marksAndScriptsAreAccepted(text: String) throws {
        #expect(try RenderSpec.parse(query: Self.query("label", text)).component.face?.label == text)
    }

    @Test func theSwitchWordsDefaultToOnAndOffAndStayOutOfTheKey() throws {
        let plain = try RenderSpec.parse(query: "component=switch")
        #expect(plain.component.switchOptions?.onLabel == "ON" && plain.component.switchOptions?.offLabel == "OFF")
        let german = try RenderSpec.parse(query: "component=switch&onlabel=An&offlabel=Aus")
        #expect(german.component.switchOptions?.onLabel == "An" && german.component.switchOptions?.offLabel == "Aus")
        #expect(!plain.canonicalQuery.contains("label"))
        #expect(german.canonicalQuery.contains("&padding=10&onlabel=An&offlabel=Aus&scale=1&"))
        #expect(try RenderSpec.parse(query: "component=button&onlabel=An") == RenderSpec.parse(query: ""))
    }

    @Test(arguments: [
        ("zh-Hant", "zh-Hant"), ("ZH-hant-tw", "zh-Hant-TW"), ("ja", "ja"), ("ar-EG", "ar-EG"), ("es-419", "es-419"),
        ("sr-Latn-RS", "sr-Latn-RS"), ("de-CH-1901", "de-CH-1901"), ("ca-ES-valencia", "ca-ES-valencia"),
        ("haw", "haw"), ("Yue", "yue"),
    ])
    func languageTagsTakeTheRegistrysCase(given: String, canonical: String) throws {
        let spec = try RenderSpec.parse(query: "label=Go&lang=\(given)")
        #expect(spec.look.language == canonical)
        #expect(spec.canonicalQuery.contains("&lang=\(canonical)&"))
    }

    @Test(arguments: [
        "??", "", "x", "en_US", "zh-", "-ja", "ja--JP", "toolongtag", "zh-Hant-Hans", "en-US-GB",
        "en-a-bbb", "x-private", "de-1901-1901", "日本", "en-US-" + String(repeating: "abcdefgh-", count: 4),
    ])
    func otherLanguageTagsAreRefusedNamingLang(tag: String) throws {
        let error = try #require(specError("label=Go&lang=" + QueryString.encode(tag)))
        #expect(error.parameter == "lang")
        #expect(error.allowed.hasPrefix("a BCP 47 language tag"))
        #expect(error.detail.hasPrefix("lang must be a BCP 47 language tag"))
    }

    @Test func langAndFontApplyWhereTextIsDrawn() throws {
        for query in ["label=Go", "component=toggle&label=Go", "component=switch"] {
            let spec = try RenderSpec.parse(query: query + "&lang=ja&font=serif")
            #expect(spec.look.language == "ja" && spec.look.font == .serif, "\(query)")
            #expect(spec.canonicalQuery.contains("&font=serif&lang=ja&"))
        }
        for query in ["", "icon=star", "component=well", "component=card&label=Go"] {
            let spec = try RenderSpec.parse(query: query + "&lang=ja&font=serif")
            #expect(spec.look.language == nil && spec.look.font == nil, "\(query)")
        }
    }

    @Test func anUnknownFontIsRefusedWithTheFamilies() throws {
        let error = try #require(specError("label=Go&font=comic"))
        #expect(error.parameter == "font")
        #expect(error.allowed == "one of sans, serif, rounded, mono")
    }
}
