import ReliefSpec

/// A random valid `/render` query, built from the parameter table (``RenderSpec/parameters``) alone:
/// each parameter is given or left out, and a given one takes a value its schema allows, so a new
/// parameter is generated as soon as the table has it. Numbers lean towards the low end of their
/// range (whole, half-point and finer decimals), so that most requests stay cheap to draw.
///
/// Values that are valid alone can still clash (a switch's knob wider than its track, an image past
/// the pixel limits): the parameter the parser's refusal names is then left out, or where the query
/// does not give it (a default clashes), the first given one its words name, and the query is
/// parsed again, so what comes out is a query the service accepts.
public struct ValidRequest: Sendable {
    /// The query as a client sends it: table order, values percent-encoded.
    public var query: String
    /// What it parses to.
    public var spec: RenderSpec

    /// How large the numbers are.
    public enum Sizes: Sendable {
        /// Each number is left out half the time (its default then holds) and leans towards the low
        /// end of its range: the span times the 4th power of a fraction, so sides of 16 to about 80
        /// points are common and every value is possible.
        case any
        /// Every number is given, never at the top of its range, within 24 of its low end (the cube
        /// of a fraction of that), and text is one fragment, so that most images are a few dozen
        /// pixels a side: cheap enough to draw thousands in a debug build.
        case small
    }

    /// A request from `choices`, or `nil` when the parser refuses what is left after leaving out
    /// every parameter its refusals named (rare: a refusal names no given parameter).
    public static func make(_ choices: inout some ChoiceSource, sizes: Sizes = .any) -> ValidRequest? {
        var pairs = RenderSpec.parameters.compactMap { parameter -> (name: String, value: String)? in
            let isNumber = if case .number = parameter.schema { true } else { false }
            let given = sizes == .small && isNumber || !choices.oneIn(2)
            return given ? (parameter.name, value(of: parameter, sizes: sizes, &choices)) : nil
        }
        while true {
            let query = pairs.map { $0.name + "=" + percentEncoded($0.value) }.joined(separator: "&")
            do {
                return ValidRequest(query: query, spec: try RenderSpec.parse(query: query))
            } catch {
                let words = Set(error.detail.split { !$0.isLetter }.map(String.init))
                guard
                    let refused = pairs.firstIndex(where: { $0.name == error.parameter })
                        ?? pairs.firstIndex(where: { words.contains($0.name) })
                else { return nil }
                pairs.remove(at: refused)
            }
        }
    }

    /// A value `parameter` takes, spelled as a client may spell it.
    static func value(of parameter: QueryParameter, sizes: Sizes, _ choices: inout some ChoiceSource) -> String {
        value(of: parameter.schema, sizes: sizes, &choices)
    }

    /// A value of `schema`, spelled as a client may spell it.
    static func value(of schema: ValueSchema, sizes: Sizes, _ choices: inout some ChoiceSource) -> String {
        switch schema {
        case .choice(let names):
            return choices.pick(names)
        case .boolean:
            return choices.pick(ValueSchema.booleanSpellings.map(\.text))
        case .number(let range):
            return DecimalText.format(number(in: range, sizes: sizes, &choices))
        case .wholeNumber(let range):
            return String(range.lowerBound + choices.choose(below: range.count))
        case let .list(element, count):
            let items = count.lowerBound + choices.choose(below: count.count)
            // Items may hold commas and backslashes, which the list escapes (`\,`, `\\`).
            return ListText.joined(
                (0..<items).map { _ in
                    let item = value(of: element, sizes: .small, &choices)
                    return item.hasVisibleCharacters ? item : "Go"
                })
        case .text(let maxLength):
            return text(maxLength: maxLength, pieces: sizes == .small ? 1 : 4, &choices)
        case .languageTag:
            return choices.pick(languageTags)
        case .colour(let keywords):
            return colour(keywords: keywords, &choices)
        case .direction(let points, let degrees):
            return choices.oneIn(3)
                ? choices.pick(points).name
                : String(degrees.lowerBound + choices.choose(below: degrees.upperBound - degrees.lowerBound + 1))
        }
    }

    /// A number in `range`: an end (the upper one only for `.any`), half a point above the lower
    /// end, or a point near the lower end (see ``Sizes``) with 0 to 3 decimals.
    static func number(in range: ClosedRange<Double>, sizes: Sizes, _ choices: inout some ChoiceSource) -> Double {
        let span = range.upperBound - range.lowerBound
        switch choices.choose(below: 8) {
        case 0: return range.lowerBound
        case 1: return sizes == .any ? range.upperBound : range.lowerBound
        case 2: return min(range.lowerBound + 0.5, range.upperBound)
        default:
            let fraction = Double(choices.choose(below: 1001)) / 1000
            let decimals = [1.0, 2, 10, 100, 1000][choices.choose(below: 5)]
            let offset =
                switch sizes {
                case .any: span * fraction * fraction * fraction * fraction
                case .small: min(span, 24) * fraction * fraction * fraction
                }
            return min(max(((range.lowerBound + offset) * decimals).rounded() / decimals, range.lowerBound), range.upperBound)
        }
    }

    /// Tags of the scripts' languages the fonts have regional forms or line-break rules for, in
    /// the case a client may write them, and some the fonts do not know.
    static let languageTags = [
        "en", "zh-Hant", "zh-hans", "zh-Hant-TW", "ja", "ko", "ar", "ar-EG", "he", "fa", "th",
        "lo", "km", "my", "hi", "bn", "ta", "ru", "el", "de-CH", "sr-Latn", "tlh", "qaa",
        "en-US-posix", "yue-Hant-HK",
    ]

    /// Words and characters of many scripts: right-to-left, complex, CJK, emoji sequences, combining
    /// marks, characters no installed font has, and spaces that only separate.
    static let fragments = [
        "Go", "OK", "Save changes", "Straße", "ﬁne", "Ünïcödé", "e\u{301}\u{302}\u{303}\u{304}", "Ελληνικά", "Русский",
        "Ѯѱ", "עברית", "שָׁלוֹם", "العربية", "فارسی", "٣٤٥", "ܣܘܪܝܝܐ", "ދިވެހި", "ߒߞߏ", "हिन्दी", "বাংলা", "தமிழ்",
        "ภาษาไทยง่าย", "ພາສາລາວ", "ភាសាខ្មែរ", "မြန်မာ", "中文字", "繁體中文", "日本語のテキスト", "한국어", "ᄀᆞᇂ", "ᠮᠣᠩᠭᠣᠯ",
        "ⵜⴰⵎⴰⵣⵉⵖⵜ", "ꦗꦮ", "ᚠᚢᚦ", "𝔘𝔫𝔦", "😀", "👨‍👩‍👧‍👦", "👍🏽", "🏳️‍🌈", "🇯🇵", "1️⃣", "\u{E000}", "\u{10FFFD}",
        "\u{FFFD}", "—", "«»", "a-b-c-d", "Pneumonoultramicroscopicsilicovolcanoconiosis", "\u{00A0}", " ", "\u{200B}",
        "\u{200F}", "\u{3000}", "Yes, please", "C:\\Relief", "\\,", "1,5",
    ]

    /// Text of 1 to `maxLength` characters that shows something: 1 to `pieces` fragments, or now
    /// and then any character of the first planes that is neither a control nor a bidi control.
    static func text(maxLength: Int, pieces: Int, _ choices: inout some ChoiceSource) -> String {
        // Now and then the longest text allowed, one word without a place to break it.
        if pieces > 1, choices.oneIn(16) {
            return String(repeating: choices.pick(["W", "語", "ش", "e\u{301}"]), count: maxLength)
        }
        var text = ""
        for _ in 0...choices.choose(below: pieces) {
            if choices.oneIn(4), let scalar = Unicode.Scalar(UInt32(choices.choose(below: 0x2_FFFF) + 0x20)),
                scalar.properties.generalCategory != .control, !(0x202A...0x202E).contains(scalar.value),
                !(0x2066...0x2069).contains(scalar.value)
            {
                text.unicodeScalars.append(scalar)
            } else {
                text += choices.pick(fragments)
            }
        }
        let shown = String(text.prefix(maxLength))
        return shown.hasVisibleCharacters ? shown : "Go" + shown.prefix(maxLength - 2)
    }

    /// Colours to meet often: the ends, greys, and mid-tones where no tone reaches 4.6:1.
    static let notableColours = [
        "000000", "ffffff", "808080", "777777", "008900", "006cff", "007bc0", "c302ef",
        "148193", "d2367f", "0c8747", "228b22",
    ]

    /// A keyword, or `rrggbb` (notable or any), in either case, now and then after `#`.
    static func colour(keywords: [String], _ choices: inout some ChoiceSource) -> String {
        if !keywords.isEmpty, choices.oneIn(4) { return choices.pick(keywords) }
        var hex = choices.oneIn(3) ? choices.pick(notableColours) : hexDigits(choices.choose(below: 1 << 24))
        if choices.oneIn(4) { hex = hex.uppercased() }
        return choices.oneIn(4) ? "#" + hex : hex
    }

    private static func hexDigits(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// `text` with every byte but the unreserved ones (RFC 3986 §2.3) written `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
