import ReliefSpec

/// Where something is in the layout text: 1-based line and column, columns counted in Unicode scalars.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column)" }
}

/// An argument's value as written, after the catalogue has checked it.
public enum ScreenValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// `.name`: the name without its dot.
    case member(String)
    /// `[a, b]`, or a string of comma-separated words where the catalogue asks for a list.
    case list([ScreenValue])
}

/// One labelled argument (`spacing: 24`) or the unlabelled one (`Text("Hi")`, whose `label` is nil).
public struct ScreenArgument: Hashable, Sendable {
    public let label: String?
    public let value: ScreenValue
    public let location: SourceLocation
}

/// An element of a layout: its name, its arguments, the elements inside it (stacks only) and its
/// modifiers, with where it starts in the source.
public struct ScreenElement: Hashable, Sendable {
    public let name: String
    public let role: ElementRole
    /// The arguments in the catalogue's order, each at most once; those equal to their default are
    /// left out, so two spellings of one layout give equal elements apart from locations.
    public let arguments: [ScreenArgument]
    public let children: [ScreenElement]
    /// In the order written: the first is the innermost, as in SwiftUI.
    public let modifiers: [ScreenModifier]
    public let location: SourceLocation

    /// The value of the argument labelled `label` (nil: the unlabelled one), if written and not the default.
    public func argument(_ label: String?) -> ScreenValue? {
        arguments.first { $0.label == label }?.value
    }
}

/// What an element is to the layout.
public enum ElementRole: Hashable, Sendable {
    /// `Text("…")`: wraps in the width offered.
    case text
    /// `Image(icon:)`: an icon, its size from the measurer for the font in force.
    case image
    /// `Spacer()`: takes what its stack has left along the stack's axis.
    case spacer
    /// `Divider()`: a 1-point line across its stack's cross axis.
    case divider
    /// A component (button, slider, …): its frame, from the measurer.
    case component
    /// A container whose content block holds other elements.
    case stack(StackKind)
}

/// The containers of SPEC §14.
public enum StackKind: Hashable, Sendable {
    /// VStack: top to bottom.
    case vertical
    /// HStack: leading to trailing.
    case horizontal
    /// ZStack: each child over the one before.
    case depth
    /// AdaptiveStack: a row below the accessibility text sizes, a column from AX1 up.
    case adaptive
}

/// A modifier, checked: its values are in range.
public struct ScreenModifier: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `.padding(n)` on every edge, `.padding(edges, n)` on those edges; 16 points where no length is given.
        case padding(ScreenEdges, Double)
        /// `.frame(width:height:alignment:)` or `.frame(minWidth:…maxHeight:alignment:)`.
        case frame(ScreenFrame)
        case font(TextStyle)
        /// How the text inside is set, as SwiftUI's text modifiers set it for everything they wrap.
        case text(TextSetting)
        /// A look parameter of the table set for what the modifier wraps: `.style(.soft)`, `.color("e0e5ec")`,
        /// `.intensity(0.2)`, …, each named and checked by its entry (``LookModifier``).
        case look(LookSetting)
    }

    public let kind: Kind
    public let location: SourceLocation

    /// `.padding()`'s length, as SwiftUI's default padding on iOS.
    public static let defaultPadding = 16.0
}

/// The edges a `.padding` pads, as SwiftUI's `Edge.Set`: `.top`, `.leading`, `.bottom`, `.trailing` and
/// the sets `.horizontal`, `.vertical`, `.all`.
public struct ScreenEdges: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let top = ScreenEdges(rawValue: 1)
    public static let leading = ScreenEdges(rawValue: 2)
    public static let bottom = ScreenEdges(rawValue: 4)
    public static let trailing = ScreenEdges(rawValue: 8)
    public static let horizontal: ScreenEdges = [.leading, .trailing]
    public static let vertical: ScreenEdges = [.top, .bottom]
    public static let all: ScreenEdges = [.horizontal, .vertical]

    /// Every name a layout may write, as SwiftUI spells them, with the edges it stands for.
    public static let named: [(name: String, edges: ScreenEdges)] = [
        ("top", .top), ("leading", .leading), ("bottom", .bottom), ("trailing", .trailing),
        ("horizontal", .horizontal), ("vertical", .vertical), ("all", .all),
    ]
}

/// A `.frame` modifier: SwiftUI's fixed frame (`width`, `height`) or its flexible one (`minWidth`,
/// `idealWidth`, `maxWidth` and the same for the height, a maximum possibly `.infinity`), never both,
/// and where the child goes inside it.
public struct ScreenFrame: Hashable, Sendable {
    /// One axis of the frame; every length nil where not given.
    public struct Lengths: Hashable, Sendable {
        /// `width:` or `height:` of a fixed frame.
        public var fixed: Double?
        public var minimum: Double?
        public var ideal: Double?
        /// `.infinity` for a frame that takes all it is offered.
        public var maximum: Double?

        public init(fixed: Double? = nil, minimum: Double? = nil, ideal: Double? = nil, maximum: Double? = nil) {
            self.fixed = fixed
            self.minimum = minimum
            self.ideal = ideal
            self.maximum = maximum
        }
    }

    public var width: Lengths
    public var height: Lengths
    /// A ``ZStack`` alignment's name (`center`, `leading`, `topLeading`, …): where the child sits when
    /// the frame is larger or smaller than it.
    public var alignment: String

    public init(width: Lengths = Lengths(), height: Lengths = Lengths(), alignment: String = "center") {
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    /// The labels of the fixed frame and of the flexible one, in SwiftUI's order, each with its length.
    public var labelledLengths: [(label: String, length: Double?)] {
        [
            ("width", width.fixed), ("height", height.fixed), ("minWidth", width.minimum), ("idealWidth", width.ideal),
            ("maxWidth", width.maximum), ("minHeight", height.minimum), ("idealHeight", height.ideal),
            ("maxHeight", height.maximum),
        ]
    }
}

/// SwiftUI's text styles from `.largeTitle` to `.caption` (SPEC §14).
public enum TextStyle: String, CaseIterable, Hashable, Sendable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption

    /// The style's size in points at `size`: Apple's Dynamic Type table for iOS, whose body column is
    /// SPEC §7's.
    public func pointSize(at size: RenderSpec.TextSize) -> Double {
        let column = TextStyle.allCases.firstIndex(of: self)!
        return Double(TextStyle.pointSizes[RenderSpec.TextSize.allCases.firstIndex(of: size)!][column])
    }

    /// Headline is the one semibold style; the others are regular.
    public var isSemibold: Bool { self == .headline }

    /// One row per Dynamic Type size, xSmall first; one column per style, in the order of `allCases`.
    private static let pointSizes: [[Int]] = [
        [31, 25, 19, 17, 14, 14, 13, 12, 12, 11],
        [32, 26, 20, 18, 15, 15, 14, 13, 12, 11],
        [33, 27, 21, 19, 16, 16, 15, 14, 12, 11],
        [34, 28, 22, 20, 17, 17, 16, 15, 13, 12],
        [36, 30, 24, 22, 19, 19, 18, 17, 15, 14],
        [38, 32, 26, 24, 21, 21, 20, 19, 17, 16],
        [40, 34, 28, 26, 23, 23, 22, 21, 19, 18],
        [44, 38, 34, 31, 28, 28, 26, 25, 23, 22],
        [48, 43, 39, 37, 33, 33, 32, 30, 27, 26],
        [52, 48, 44, 43, 40, 40, 38, 36, 33, 32],
        [56, 53, 50, 49, 47, 47, 44, 42, 38, 37],
        [60, 58, 56, 55, 53, 53, 51, 49, 44, 43],
    ]
}

/// A text modifier other than `.font`: `.bold()`, `.foregroundStyle(.secondary)`,
/// `.multilineTextAlignment(.center)`, `.lineLimit(2)`.
public enum TextSetting: Hashable, Sendable {
    case bold
    case foregroundStyle(TextForeground)
    case multilineTextAlignment(TextAlignment)
    case lineLimit(Int)

    /// The modifiers' names, as SwiftUI spells them.
    public static let names = ["bold", "foregroundStyle", "multilineTextAlignment", "lineLimit"]
}

/// SwiftUI's hierarchical text colours a layout takes.
public enum TextForeground: String, CaseIterable, Hashable, Sendable {
    /// The label colour: black or white, whichever contrasts more with what the text sits on.
    case primary
    /// The primary colour at ``secondaryOpacity`` over what the text sits on, as iOS's secondary label.
    case secondary

    /// The secondary colour's share of the primary, as iOS's secondary label colour (60 % opacity).
    public static let secondaryOpacity = 0.6
}

/// Where a text's lines sit in its frame, when they are of different lengths.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    case leading, center, trailing
}

/// How a text is set: its style at the screen's Dynamic Type size, and the text modifiers in force
/// around it, each the innermost of its kind.
public struct ScreenFont: Hashable, Sendable {
    public let style: TextStyle
    public let pointSize: Double
    public let isSemibold: Bool
    /// `.bold()`: drawn in the bold weight.
    public var isBold = false
    public var foreground = TextForeground.primary
    public var alignment = TextAlignment.leading
    /// `.lineLimit(n)`: the lines past the n-th are left out; nil for as many as it needs.
    public var lineLimit: Int?

    public init(_ style: TextStyle, at size: RenderSpec.TextSize) {
        self.style = style
        pointSize = style.pointSize(at: size)
        isSemibold = style.isSemibold
    }

    /// This font in `style` at `size`, with the same text settings.
    func restyled(_ style: TextStyle, at size: RenderSpec.TextSize) -> ScreenFont {
        var font = ScreenFont(style, at: size)
        font.isBold = isBold
        font.foreground = foreground
        font.alignment = alignment
        font.lineLimit = lineLimit
        return font
    }

    /// This font with `setting` in force.
    func setting(_ setting: TextSetting) -> ScreenFont {
        var font = self
        switch setting {
        case .bold: font.isBold = true
        case .foregroundStyle(let foreground): font.foreground = foreground
        case .multilineTextAlignment(let alignment): font.alignment = alignment
        case .lineLimit(let limit): font.lineLimit = limit
        }
        return font
    }
}
