/// The look of a label's letters; each family has its own files and its own fallback fonts.
public enum FontFamily: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Inter, with Noto Sans for the scripts Inter lacks.
    case sans
    /// Noto Serif, with Noto Serif (or Noto Sans) for the other scripts.
    case serif
    /// Comfortaa, with Noto Sans for the scripts Comfortaa lacks.
    case rounded
    /// DejaVu Sans Mono, with Noto Sans Mono and Noto Sans for the other scripts.
    case mono

    public var description: String { rawValue }

    /// The fontconfig generic name whose configured preferences fill in after the named families.
    var genericName: String {
        switch self {
        case .sans, .rounded: "sans-serif"
        case .serif: "serif"
        case .mono: "monospace"
        }
    }

    /// The Noto families tried for a character of the script named `script` (ICU's long name, such as
    /// "Arabic"), best first. Names Debian does not ship simply match nothing.
    func notoFamilies(forScript script: String?) -> [String] {
        let sans = script.map { ["Noto Sans \($0)"] } ?? []
        switch self {
        case .sans, .rounded: return sans + ["Noto Sans"]
        case .serif: return (script.map { ["Noto Serif \($0)"] } ?? []) + sans + ["Noto Serif", "Noto Sans"]
        case .mono: return ["Noto Sans Mono"] + sans + ["Noto Sans"]
        }
    }
}
