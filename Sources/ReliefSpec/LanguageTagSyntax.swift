/// The BCP 47 language tags `lang` takes (RFC 5646 §2.1, without extensions, private use and
/// extended language subtags): a language of 2–8 letters, then optionally a script of 4 letters, a
/// region of 2 letters or 3 digits, and variants of 5–8 letters and digits (or 4 starting with a
/// digit), each once, joined by `-`.
///
/// Only the syntax is checked: which languages exist is the fonts' business, and a tag they do not
/// know leaves the text's scripts to decide, as no tag does.
enum LanguageTagSyntax {
    /// Why a text is not such a tag, as a hint after "must be …".
    struct Problem: Error {
        var hint: String?
    }

    /// What `lang` accepts, in words.
    static let allowed =
        "a BCP 47 language tag: a language of 2 to 8 letters, then optionally a script "
        + "(4 letters), a region (2 letters or 3 digits) and variants, joined by -, "
        + "at most \(RenderSpec.Limits.maxLanguageTagCharacters) characters, such as zh-Hant, ja or ar-EG"

    /// `text` with the registry's case conventions: the language and variants lowercase, the script
    /// titlecase, the region uppercase (`zh-hant-tw` → `zh-Hant-TW`).
    static func canonical(_ text: String) throws(Problem) -> String {
        guard text.utf8.count <= RenderSpec.Limits.maxLanguageTagCharacters else {
            throw Problem(hint: "it has \(text.count) characters")
        }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || isDigit($0) || $0 == "-") })
        else {
            throw Problem(hint: text.contains("_") ? "subtags are joined by -, not _" : "only ASCII letters, digits and -")
        }
        var subtags = text.lowercased().split(separator: "-", omittingEmptySubsequences: false)[...]
        guard let language = subtags.popFirst(), isLetters(language, count: 2...8) else {
            throw Problem(hint: "it must start with a language of 2 to 8 letters")
        }
        var parts = [String(language)]
        if let script = subtags.first, isLetters(script, count: 4...4) {
            parts.append(script.prefix(1).uppercased() + script.dropFirst())
            subtags = subtags.dropFirst()
        }
        if let region = subtags.first, isLetters(region, count: 2...2) || isDigits(region, count: 3) {
            parts.append(region.uppercased())
            subtags = subtags.dropFirst()
        }
        for variant in subtags {
            guard isVariant(variant) else {
                throw Problem(hint: "\(MessageText.quoted(String(variant))) is not a script, region or variant here")
            }
            guard !parts.dropFirst().contains(String(variant)) else {
                throw Problem(hint: "the variant \(MessageText.quoted(String(variant))) is given twice")
            }
            parts.append(String(variant))
        }
        return parts.joined(separator: "-")
    }

    private static func isLetters(_ subtag: Substring, count: ClosedRange<Int>) -> Bool {
        count.contains(subtag.unicodeScalars.count) && subtag.unicodeScalars.allSatisfy(\.properties.isAlphabetic)
    }

    private static func isDigits(_ subtag: Substring, count: Int) -> Bool {
        subtag.unicodeScalars.count == count && subtag.unicodeScalars.allSatisfy(isDigit)
    }

    /// 5 to 8 letters and digits, or 4 of which the first is a digit (`1901`, `valencia`).
    private static func isVariant(_ subtag: Substring) -> Bool {
        let scalars = subtag.unicodeScalars
        switch scalars.count {
        case 5...8: return true
        case 4: return scalars.first.map(isDigit) ?? false
        default: return false
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}
