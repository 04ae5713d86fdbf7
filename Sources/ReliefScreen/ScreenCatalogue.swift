import ReliefSpec

/// The elements a layout may name, with each one's arguments: what the parser accepts and how the
/// canonical form orders and leaves out arguments. The layout's own elements come from
/// ``layout(icons:)``; components are added by whoever knows their parameters (``adding(_:)``).
public struct ScreenCatalogue: Sendable {
    /// In the order errors list them.
    public let elements: [ElementEntry]

    public init(_ elements: [ElementEntry]) {
        self.elements = elements
    }

    public func entry(named name: String) -> ElementEntry? {
        elements.first { $0.name == name }
    }

    /// This catalogue and `entries` after it.
    public func adding(_ entries: [ElementEntry]) -> ScreenCatalogue {
        ScreenCatalogue(elements + entries)
    }

    /// Text, Image, Spacer, Divider and the four stacks; `icons` are the names `Image(icon:)` accepts.
    public static func layout(icons: [String]) -> ScreenCatalogue {
        ScreenCatalogue([
            ElementEntry("VStack", .stack(.vertical), [.spacing, .alignment(StackAlignment.vertical)]),
            ElementEntry("HStack", .stack(.horizontal), [.spacing, .alignment(StackAlignment.horizontal)]),
            ElementEntry("ZStack", .stack(.depth), [.alignment(StackAlignment.depth)]),
            ElementEntry("AdaptiveStack", .stack(.adaptive), [.spacing, .alignment(StackAlignment.depth)]),
            ElementEntry("Text", .text, [ParameterEntry(nil, .words(maximumLength: ScreenLimits.textLength), isRequired: true)]),
            ElementEntry("Image", .image, [ParameterEntry("icon", .member(icons), isRequired: true)]),
            ElementEntry(
                "Spacer", .spacer,
                [
                    ParameterEntry(
                        "minLength", .number(ScreenLimits.frameLength), default: .number(StackLayout.spacerMinimumLength))
                ]),
            ElementEntry("Divider", .divider, []),
        ])
    }
}

/// One element of a catalogue.
public struct ElementEntry: Sendable {
    public let name: String
    public let role: ElementRole
    /// In the canonical form's order; at most one has no label, written first.
    public let parameters: [ParameterEntry]
    /// Whether a component may hold content, as a panel (`Card { … }`); stacks always do.
    public let holdsContent: Bool

    public init(_ name: String, _ role: ElementRole, _ parameters: [ParameterEntry], holdsContent: Bool = false) {
        self.name = name
        self.role = role
        self.parameters = parameters
        self.holdsContent = holdsContent
    }

    /// The parameter written with `label` (nil: the unlabelled argument), by its label or an alias.
    public func parameter(labelled label: String?) -> ParameterEntry? {
        parameters.first { $0.label == label } ?? label.flatMap { label in parameters.first { $0.aliases.contains(label) } }
    }

    /// The label `label` most likely meant, when the element takes no argument so labelled: one of
    /// its labels or aliases, by a synonym or a few edits (``NameSuggestion``).
    public func suggestedLabel(for label: String) -> String? {
        let labels = parameters.flatMap { parameter in [parameter.label].compactMap { $0 } + parameter.aliases }
        var synonyms: [String: String] = [:]
        for parameter in parameters {
            guard let meant = parameter.label ?? parameter.aliases.first else { continue }
            for synonym in parameter.synonyms { synonyms[synonym] = meant }
        }
        return NameSuggestion.nearest(to: label, among: labels, synonyms: synonyms)
    }
}

/// One argument an element takes.
public struct ParameterEntry: Sendable {
    /// nil: the unlabelled argument, as `Text("Hi")`'s.
    public let label: String?
    public let kind: ValueKind
    /// Left out of the canonical form when written; nil where the default depends on other values.
    public let defaultValue: ScreenValue?
    public let isRequired: Bool
    /// Other labels that write the same argument (a component's parameter by its `/render` name
    /// where SwiftUI labels it otherwise); the canonical form writes ``label``.
    public let aliases: [String]
    /// The `/render` parameter a component's argument gives; nil for the layout's own arguments.
    public let parameterName: String?
    /// Names never accepted but suggested for this argument when written (``QueryParameter/synonyms``).
    public let synonyms: [String]

    public init(
        _ label: String?, _ kind: ValueKind, default defaultValue: ScreenValue? = nil, isRequired: Bool = false,
        aliases: [String] = [], parameterName: String? = nil, synonyms: [String] = []
    ) {
        self.label = label
        self.kind = kind
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.aliases = aliases
        self.parameterName = parameterName
        self.synonyms = synonyms
    }

    /// The label as written in a call, `spacing:`, or `an unlabelled argument`.
    public var spelling: String { label.map { "\($0):" } ?? "an unlabelled argument" }

    /// Every way of writing the argument: its label and its aliases.
    var spellings: [String] { [spelling] + aliases.map { "\($0):" } }

    /// What an error says `element` expects here: `VStack(spacing: a number from 0 to 256)`.
    public func expectation(in element: String) -> String {
        element + "(" + (label.map { "\($0): " } ?? "") + kind.expectation + ")"
    }

    static let spacing = ParameterEntry("spacing", .number(ScreenLimits.spacing), default: .number(StackLayout.defaultSpacing))

    static func alignment(_ allowed: [String]) -> ParameterEntry {
        ParameterEntry("alignment", .member(allowed), default: .member("center"))
    }
}

/// What values an argument accepts.
public indirect enum ValueKind: Sendable {
    /// A string literal of at most this many grapheme clusters.
    case text(maximumLength: Int)
    /// A string literal to draw, of at most this many grapheme clusters, as ``DrawnText`` allows.
    case words(maximumLength: Int)
    case number(ClosedRange<Double>)
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    case bool
    /// `.name`, one of these names.
    case member([String])
    /// `[a, b, …]` with a count in range, or a string of comma-separated words (SPEC §13's `segments`).
    case list(ValueKind, count: ClosedRange<Int>)

    /// What an error says is expected.
    public var expectation: String {
        switch self {
        case .text(let maximumLength): "a string literal of at most \(maximumLength) characters"
        case .words(let maximumLength): "a string literal: " + DrawnText.allowed(maxCharacters: maximumLength)
        case .number(let range):
            "a number from \(CanonicalForm.number(range.lowerBound)) to \(CanonicalForm.number(range.upperBound))"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .bool: "true or false"
        case .member(let names): "one of " + names.map { "." + $0 }.joined(separator: ", ")
        case .list(let element, let count):
            "an array of \(count.lowerBound) to \(count.upperBound) values, each \(element.expectation), or a string of as many comma-separated words"
        }
    }
}

/// The alignments each stack takes, as SwiftUI names them.
enum StackAlignment {
    static let vertical = ["leading", "center", "trailing"]
    static let horizontal = ["top", "center", "bottom"]
    static let depth = [
        "center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing",
    ]
}
