/// The stroke weight of a font face; each weight maps to its own font file.
public enum FontWeight: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case regular
    case semibold
    case bold

    public var description: String { rawValue }
}
