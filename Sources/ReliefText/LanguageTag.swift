/// A BCP 47 language tag (`zh-Hant`, `ja`, `ar-EG`) in the forms HarfBuzz and fontconfig take.
///
/// HarfBuzz reads BCP 47 itself and maps it to OpenType language systems, so the tag goes to it
/// as given. Fontconfig names orthographies by language and region, and picks Noto CJK's regional
/// faces by `zh-cn`, `zh-tw`, `zh-hk`, `ja` and `ko`, so Chinese scripts become regions for it.
struct LanguageTag: Sendable, Hashable {
    /// The tag as given, for HarfBuzz.
    let bcp47: String
    /// The orthography fontconfig matches against each font's language coverage.
    let fontconfigName: String

    /// The tag `text`, or nil when `text` is nil or holds no language subtag.
    init?(_ text: String?) {
        let subtags = (text ?? "").split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = subtags.first, !language.isEmpty else { return nil }
        bcp47 = text ?? ""
        let rest = subtags.dropFirst()
        let script = rest.first { $0.count == 4 && $0.allSatisfy(\.isLetter) }
        let region = rest.first { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        if language == "zh" {
            fontconfigName =
                switch (script, region) {
                case (_, "hk"?), (_, "mo"?): "zh-hk"
                case (_, "tw"?), ("hant"?, _): "zh-tw"
                default: "zh-cn"
                }
        } else {
            fontconfigName = region.map { "\(language)-\($0)" } ?? language
        }
    }

    /// The language a text's own scripts imply for font matching when no tag is given, as CJK fonts
    /// differ by region: kana mean Japanese, hangul Korean, bopomofo Traditional Chinese, and Han
    /// alone Chinese; other scripts imply nothing.
    static func implied(by scripts: some Sequence<ScriptTag>) -> LanguageTag? {
        var hasHan = false
        for script in scripts {
            if script == .hiragana || script == .katakana { return LanguageTag("ja") }
            if script == .hangul { return LanguageTag("ko") }
            if script == .bopomofo { return LanguageTag("zh-Hant") }
            hasHan = hasHan || script == .han
        }
        return hasHan ? LanguageTag("zh") : nil
    }
}
