import ReliefSpec

/// Every limit on a layout, by name (docs/SCREENS.md lists them).
public enum ScreenLimits {
    /// Bytes of layout text (UTF-8), in a `POST /screen` body or inflated from `source=` (SPEC §14).
    public static let sourceBytes = 8 * 1024
    /// Elements in one layout, containers and leaves alike (SPEC §14).
    public static let elements = 64
    /// Stacks inside one another: the outermost stack is at depth 1 (SPEC §14's "8 deep").
    public static let nesting = 8
    /// Modifiers on one element: more than SwiftUI code puts on one view, and what keeps the layout's
    /// wrappers few.
    public static let modifiersPerElement = 16
    /// Digits after a number's point: enough for any point length, and what lets the canonical form
    /// write every number back exactly.
    public static let fractionDigits = 6
    /// Digits before a number's point: more than any range allows, so that an out-of-range number is
    /// still read (and named) before it is refused.
    public static let integerDigits = 9
    /// `.padding(n)` and `spacing:`, in points.
    public static let padding = 0.0...256.0
    public static let spacing = 0.0...256.0
    /// `.frame(width:height:)`'s lengths and `Spacer(minLength:)`, in points.
    public static let frameLength = 0.0...4096.0
    /// Grapheme clusters in a `Text`'s string.
    public static let textLength = 256
    /// `.lineLimit(n)`: a line at the least, and no more than a text of 256 characters could break into.
    public static let lineLimit = 1...256
}

/// Which limit a layout went past.
public enum ScreenLimit: String, Hashable, Sendable {
    case sourceBytes, elements, nesting, modifiersPerElement, fractionDigits, integerDigits
}

/// Why layout text was refused: where, what was found there and what was expected, as a 400 says it.
public struct ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The text does not follow the grammar.
        case syntax
        /// An element name the catalogue does not have.
        case unknownElement
        /// An argument label the element does not take.
        case unknownArgument
        /// A modifier name the layout language does not have.
        case unknownModifier
        /// A value of the wrong kind or out of range, a missing or repeated argument.
        case invalidValue
        /// One of ``ScreenLimits`` went past.
        case limit(ScreenLimit)
    }

    public let kind: Kind
    public let location: SourceLocation
    /// What is at ``location``, as a reader sees it (`` `Buton` ``, `the end of the layout`).
    public let found: String
    /// What would have been accepted there.
    public let expected: String
    /// For an unknown element, argument or modifier, the known name it most likely meant
    /// (``NameSuggestion``): `isOn` for `checked:`.
    public let suggestion: String?

    public init(_ kind: Kind, at location: SourceLocation, found: String, expected: String, suggestion: String? = nil) {
        self.kind = kind
        self.location = location
        self.found = found
        self.expected = expected
        self.suggestion = suggestion
    }

    /// `2:16: found …; expected …`, then `; did you mean `isOn`?` when there is a suggestion.
    public var description: String {
        "\(location): found \(found); expected \(expected)" + NameSuggestion.sentence(suggestion)
    }
}
