import CFontconfig

/// The stroke weight of a font face; each weight maps to its own font file.
public enum FontWeight: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case regular
    case semibold
    case bold

    public var description: String { rawValue }

    /// The weight on fontconfig's scale.
    var fontconfigWeight: Int32 {
        switch self {
        case .regular: FC_WEIGHT_REGULAR
        case .semibold: FC_WEIGHT_DEMIBOLD
        case .bold: FC_WEIGHT_BOLD
        }
    }
}
