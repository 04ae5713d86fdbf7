import CHarfBuzz
import CReliefICU

/// A Unicode script as HarfBuzz tags it: the ISO 15924 code's four letters packed big-endian (`Arab`).
struct ScriptTag: Sendable, Hashable {
    let rawValue: UInt32

    init(_ code: StaticString) {
        rawValue = code.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    /// The script of `scalar` in the Unicode Character Database.
    init(of scalar: Unicode.Scalar) {
        rawValue = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue
    }

    /// Characters shared between scripts (spaces, digits, punctuation), combining marks that take
    /// their base's script, and unassigned code points.
    static let common = ScriptTag("Zyyy"), inherited = ScriptTag("Zinh"), unknown = ScriptTag("Zzzz")
    static let han = ScriptTag("Hani"), hiragana = ScriptTag("Hira"), katakana = ScriptTag("Kana")
    static let hangul = ScriptTag("Hang"), bopomofo = ScriptTag("Bopo")

    /// Whether the script is no script of its own: the text around decides.
    var isShared: Bool { self == .common || self == .inherited || self == .unknown }

    /// ICU's English name of the script (`Arabic`, `Canadian Aboriginal`), as Noto names its families.
    var name: String? {
        let code = String(decoding: (0..<4).reversed().map { UInt8(truncatingIfNeeded: rawValue >> ($0 * 8)) }, as: UTF8.self)
        return relief_script_name(code).map { String(String(cString: $0).map { $0 == "_" ? " " : $0 }) }
    }
}
