import ReliefSpec

/// Reads SPEC §14's SwiftUI subset into a checked ``ScreenElement`` tree (docs/SCREENS.md has the grammar).
public struct ScreenParser: Sendable {
    public let catalogue: ScreenCatalogue

    public init(catalogue: ScreenCatalogue) {
        self.catalogue = catalogue
    }

    /// The one outermost element of `text`, or the first problem in it.
    public func parse(_ text: String) throws(ScreenError) -> ScreenElement {
        if text.utf8.count > ScreenLimits.sourceBytes {
            throw ScreenError(
                .limit(.sourceBytes), at: Self.location(ofByte: ScreenLimits.sourceBytes, in: text),
                found: "\(text.utf8.count) bytes of layout", expected: "at most \(ScreenLimits.sourceBytes) bytes")
        }
        var lexer = ScreenLexer(text)
        var parsing = Parsing(tokens: try lexer.tokens(), catalogue: catalogue)
        let root = try parsing.element(stackDepth: 0)
        let end = parsing.current
        guard end.kind == .end else {
            throw ScreenError(
                .syntax, at: end.location, found: end.described,
                expected: end.kind == .symbol("}")
                    ? "no `}`: it closes no content block" : "the end of the layout after its one outermost element")
        }
        return root
    }

    /// Where the scalar holding byte `offset` of `text` starts.
    private static func location(ofByte offset: Int, in text: String) -> SourceLocation {
        var line = 1
        var column = 1
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > offset { break }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }
}

/// An argument as written, before the catalogue checks it.
private struct WrittenArgument {
    let label: String?
    let value: WrittenValue
    let location: SourceLocation
}

extension WrittenArgument {
    /// Whether the value written is a number.
    var isNumber: Bool {
        if case .scalar(.number, _) = value { true } else { false }
    }
}

/// A value as written: its token, or an array's items.
private enum WrittenValue {
    case scalar(ScreenValue, described: String)
    case array([(value: ScreenValue, described: String, location: SourceLocation)])

    var described: String {
        switch self {
        case .scalar(_, let described): described
        case .array(let items): "an array of \(items.count) values"
        }
    }
}

private struct Parsing {
    let tokens: [Token]
    let catalogue: ScreenCatalogue
    var position = 0
    var elementCount = 0

    init(tokens: [Token], catalogue: ScreenCatalogue) {
        self.tokens = tokens
        self.catalogue = catalogue
    }

    var current: Token { tokens[position] }

    mutating func take() -> Token {
        let token = tokens[position]
        if token.kind != .end { position += 1 }
        return token
    }

    func failure(_ expected: String, at token: Token? = nil) -> ScreenError {
        let token = token ?? current
        return ScreenError(.syntax, at: token.location, found: token.described, expected: expected)
    }

    mutating func expect(_ symbol: Unicode.Scalar, _ expected: String) throws(ScreenError) {
        guard current.kind == .symbol(symbol) else { throw failure(expected) }
        position += 1
    }

    // MARK: Elements

    /// An element: `Name(arguments) { content } .modifier(…)…`, `stackDepth` stacks inside.
    mutating func element(stackDepth: Int) throws(ScreenError) -> ScreenElement {
        let nameToken = current
        guard case .identifier(let name) = nameToken.kind else {
            throw failure("an element, one of " + catalogue.elements.map(\.name).joined(separator: ", "))
        }
        guard let entry = catalogue.entry(named: name) else {
            let names = catalogue.elements.map(\.name)
            throw ScreenError(
                .unknownElement, at: nameToken.location, found: "the element `\(name)`",
                expected: "one of " + names.joined(separator: ", "), suggestion: NameSuggestion.nearest(to: name, among: names))
        }
        position += 1
        elementCount += 1
        if elementCount > ScreenLimits.elements {
            throw ScreenError(
                .limit(.elements), at: nameToken.location, found: "element \(elementCount), `\(name)`",
                expected: "at most \(ScreenLimits.elements) elements in a layout")
        }
        var written: [WrittenArgument] = []
        let isStack = if case .stack = entry.role { true } else { false }
        if current.kind == .symbol("(") || !(isStack || entry.holdsContent) {
            try expect("(", "`(` and \(name)'s arguments")
            written = try arguments(closing: ")", expected: "\(name)'s arguments")
        }
        var children: [ScreenElement] = []
        if isStack || (entry.holdsContent && current.kind == .symbol("{")) {
            if stackDepth + 1 > ScreenLimits.nesting {
                throw ScreenError(
                    .limit(.nesting), at: nameToken.location, found: "a \(name) inside \(stackDepth) stacks",
                    expected: "at most \(ScreenLimits.nesting) stacks inside one another")
            }
            try expect("{", "`{` and the elements inside the \(name)")
            while current.kind != .symbol("}") {
                if current.kind == .end { throw failure("`}` closing the \(name) at \(nameToken.location), or another element") }
                children.append(try element(stackDepth: stackDepth + 1))
            }
            if children.isEmpty && !isStack {
                throw failure("an element inside the \(name): a panel holds content, or is written \(name)() without a block")
            }
            position += 1
        } else if current.kind == .symbol("{") {
            throw failure("a modifier or the next element: \(name) has no content block")
        }
        let arguments = try checked(written, for: entry, at: nameToken)
        if !children.isEmpty && !isStack,
            let sized = arguments.first(where: {
                ["width", "height", "size"].contains(entry.parameter(labelled: $0.label)?.parameterName)
            })
        {
            throw ScreenError(
                .invalidValue, at: sized.location, found: "`\(sized.label ?? ""):` on a \(name) holding content",
                expected:
                    "a \(name) holding content without width: or height:: it is its content's size, which a .padding or .frame of the content sets"
            )
        }
        let modifiers = try self.modifiers(of: name)
        return ScreenElement(
            name: name, role: entry.role, arguments: arguments, children: children, modifiers: modifiers,
            location: nameToken.location)
    }

    /// The arguments up to `closing`, its `(` or `[` already taken: `label: value` or a bare value,
    /// comma-separated, a trailing comma allowed.
    mutating func arguments(closing: Unicode.Scalar, expected: String) throws(ScreenError) -> [WrittenArgument] {
        var arguments: [WrittenArgument] = []
        while current.kind != .symbol(closing) {
            let start = current
            var label: String?
            if case .identifier(let name) = start.kind, tokens[position + 1].kind == .symbol(":") {
                label = name
                position += 2
            }
            arguments.append(WrittenArgument(label: label, value: try value(), location: start.location))
            if current.kind == .symbol(",") {
                position += 1
            } else if current.kind != .symbol(closing) {
                throw failure("`,` and another argument, or `\(closing)` ending \(expected)")
            }
        }
        position += 1
        return arguments
    }

    /// A string, a number, `true`, `false`, `.member` or an array of those.
    mutating func value() throws(ScreenError) -> WrittenValue {
        if current.kind == .symbol("[") {
            position += 1
            var items: [(value: ScreenValue, described: String, location: SourceLocation)] = []
            while current.kind != .symbol("]") {
                let start = current
                let (item, described) = try scalarValue()
                items.append((item, described, start.location))
                if current.kind == .symbol(",") {
                    position += 1
                } else if current.kind != .symbol("]") {
                    throw failure("`,` and another value, or `]` ending the array")
                }
            }
            position += 1
            return .array(items)
        }
        let (value, described) = try scalarValue()
        return .scalar(value, described: described)
    }

    mutating func scalarValue() throws(ScreenError) -> (ScreenValue, String) {
        let token = take()
        switch token.kind {
        case .string(let text): return (.string(text), token.described)
        case .number(let number): return (.number(number), token.described)
        case .identifier("true"): return (.bool(true), "`true`")
        case .identifier("false"): return (.bool(false), "`false`")
        case .symbol("-"):
            guard case .number(let number) = current.kind else { break }
            let described = "`-\(current.spelling)`"
            position += 1
            return (.number(-number), described)
        case .symbol("."):
            guard case .identifier(let name) = current.kind else { break }
            position += 1
            return (.member(name), "`.\(name)`")
        default: break
        }
        throw failure("a value: a string in \"…\", a number, true, false or .name", at: token)
    }

    // MARK: Arguments against the catalogue

    /// `written` checked against `entry`: each label known and given once, each value of its kind,
    /// required ones present; in the catalogue's order, defaults left out.
    func checked(_ written: [WrittenArgument], for entry: ElementEntry, at nameToken: Token) throws(ScreenError)
        -> [ScreenArgument]
    {
        var values: [String?: ScreenArgument] = [:]
        for argument in written {
            guard let parameter = entry.parameter(labelled: argument.label) else {
                let allowed = entry.parameters.flatMap(\.spellings)
                throw ScreenError(
                    .unknownArgument, at: argument.location,
                    found: argument.label.map { "the argument `\($0):` of \(entry.name)" }
                        ?? "an unlabelled argument to \(entry.name)",
                    expected: allowed.isEmpty ? "no arguments: \(entry.name)()" : "one of " + allowed.joined(separator: ", "),
                    suggestion: argument.label.flatMap(entry.suggestedLabel(for:)))
            }
            if values[parameter.label] != nil {
                throw ScreenError(
                    .invalidValue, at: argument.location, found: "\(parameter.spelling) a second time",
                    expected: "each argument of \(entry.name) at most once")
            }
            let value = try Self.checked(argument.value, as: parameter.kind, at: argument.location, for: parameter, of: entry)
            values[parameter.label] = ScreenArgument(label: parameter.label, value: value, location: argument.location)
        }
        var arguments: [ScreenArgument] = []
        for parameter in entry.parameters {
            guard let argument = values[parameter.label] else {
                if parameter.isRequired {
                    throw ScreenError(
                        .invalidValue, at: nameToken.location, found: "\(entry.name) without \(parameter.spelling)",
                        expected: parameter.expectation(in: entry.name))
                }
                continue
            }
            if argument.value != parameter.defaultValue { arguments.append(argument) }
        }
        return arguments
    }

    static func checked(
        _ value: WrittenValue, as kind: ValueKind, at location: SourceLocation, for parameter: ParameterEntry,
        of entry: ElementEntry
    ) throws(ScreenError) -> ScreenValue {
        func refusal(_ found: String, at itemLocation: SourceLocation = location) -> ScreenError {
            ScreenError(.invalidValue, at: itemLocation, found: found, expected: parameter.expectation(in: entry.name))
        }
        let items: [(value: ScreenValue, described: String, location: SourceLocation)]
        switch (kind, value) {
        case (.list, .array(let written)):
            items = written
        case (.list(let element, _), .scalar(.string(let words), let described)):
            // Comma-separated words, as `/render` writes a list: each word an item of the element's kind.
            items = ListText.items(words).map { word in
                let item: ScreenValue = if case .member = element { .member(word) } else { .string(word) }
                return (item, described, location)
            }
        case (_, .scalar(let scalar, let described)):
            do throws(ScalarRefusal) {
                return try checkedScalar(scalar, as: kind)
            } catch {
                throw refusal(error.found(described))
            }
        case (_, .array):
            throw refusal(value.described)
        }
        guard case .list(let element, let count) = kind else { throw refusal(value.described) }
        var checkedItems: [ScreenValue] = []
        for item in items {
            do throws(ScalarRefusal) {
                checkedItems.append(try checkedScalar(item.value, as: element))
            } catch {
                throw refusal(error.found(item.described), at: item.location)
            }
        }
        guard count.contains(checkedItems.count) else { throw refusal(value.described) }
        return .list(checkedItems)
    }

    /// Why a value is not of its kind, beyond what the kind's expectation says.
    struct ScalarRefusal: Error {
        var hint: String?

        /// What an error says was found: the value as written, and the hint.
        func found(_ described: String) -> String {
            hint.map { "\(described): \($0)" } ?? described
        }
    }

    /// `value` if it is of `kind` and in its range.
    static func checkedScalar(_ value: ScreenValue, as kind: ValueKind) throws(ScalarRefusal) -> ScreenValue {
        if case (.words(let maximumLength), .string(let text)) = (kind, value) {
            if let hint = DrawnText.refusal(of: text, maxCharacters: maximumLength) { throw ScalarRefusal(hint: hint) }
            return value
        }
        let checked: ScreenValue? =
            switch (kind, value) {
            case (.text(let maximumLength), .string(let text)) where text.count <= maximumLength: value
            case (.number(let range), .number(let number)) where range.contains(number): .number(number == 0 ? 0 : number)
            case (.integer(let range), .number(let number))
            where number.rounded() == number && (Double(range.lowerBound)...Double(range.upperBound)).contains(number):
                .number(number == 0 ? 0 : number)
            case (.bool, .bool): value
            case (.member(let names), .member(let name)) where names.contains(name): value
            default: nil
            }
        guard let checked else { throw ScalarRefusal() }
        return checked
    }

    // MARK: Modifiers

    mutating func modifiers(of elementName: String) throws(ScreenError) -> [ScreenModifier] {
        var modifiers: [ScreenModifier] = []
        while current.kind == .symbol(".") {
            let dot = take()
            let nameToken = take()
            guard case .identifier(let name) = nameToken.kind else {
                throw failure(
                    "a modifier's name after `.`: one of " + ModifierReader.names.joined(separator: ", "), at: nameToken)
            }
            guard ModifierReader.names.contains(name) else {
                throw ScreenError(
                    .unknownModifier, at: nameToken.location, found: "the modifier `.\(name)`",
                    expected: "one of " + ModifierReader.names.map { "." + $0 }.joined(separator: ", "),
                    suggestion: NameSuggestion.nearest(
                        to: name, among: ModifierReader.names, synonyms: LookModifier.synonyms
                    ).map { "." + $0 })
            }
            if modifiers.count == ScreenLimits.modifiersPerElement {
                throw ScreenError(
                    .limit(.modifiersPerElement), at: dot.location, found: "modifier \(modifiers.count + 1) of \(elementName)",
                    expected: "at most \(ScreenLimits.modifiersPerElement) modifiers on one element")
            }
            try expect("(", "`(` and .\(name)'s arguments")
            let written = try arguments(closing: ")", expected: ".\(name)'s arguments")
            let kind = try ModifierReader(name: name, location: nameToken.location, arguments: written).read()
            modifiers.append(ScreenModifier(kind: kind, location: dot.location))
        }
        return modifiers
    }
}

/// One modifier's arguments checked into its ``ScreenModifier/Kind``.
private struct ModifierReader {
    /// The layout's own modifiers, then the look parameters of the table (``LookModifier``).
    static let names = ["padding", "frame", "font"] + TextSetting.names + LookModifier.all.map(\.name)

    let name: String
    let location: SourceLocation
    let arguments: [WrittenArgument]

    func refusal(_ found: String, _ expected: String, at argument: WrittenArgument? = nil) -> ScreenError {
        ScreenError(.invalidValue, at: argument?.location ?? location, found: found, expected: ".\(name)(\(expected))")
    }

    /// The one unlabelled argument's value, or nil when there are none and `optional`.
    func single(_ expected: String, optional: Bool = false) throws(ScreenError) -> (ScreenValue, String)? {
        if arguments.isEmpty && optional { return nil }
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil,
            case .scalar(let value, let described) = argument.value
        else {
            let found =
                switch (arguments.count, arguments.first?.label) {
                case (0, _): "no argument"
                case (1, let label?): "the argument `\(label):`"
                case (1, nil): arguments[0].value.described
                default: "\(arguments.count) arguments"
                }
            throw refusal(found, expected, at: arguments.first)
        }
        return (value, described)
    }

    func member(of names: [String]) throws(ScreenError) -> String {
        let expected = names.map { "." + $0 }.joined(separator: " or ")
        let (value, described) = try single(expected)!
        guard case .member(let member) = value, names.contains(member) else {
            throw refusal(described, expected, at: arguments.first)
        }
        return member
    }

    func read() throws(ScreenError) -> ScreenModifier.Kind {
        switch name {
        case "padding":
            return try padding()
        case "frame":
            return .frame(try frame())
        case "font":
            return .font(TextStyle(rawValue: try member(of: TextStyle.allCases.map(\.rawValue)))!)
        case "bold":
            guard arguments.isEmpty else { throw refusal(arguments[0].value.described, "no argument", at: arguments[0]) }
            return .text(.bold)
        case "foregroundStyle":
            return .text(.foregroundStyle(TextForeground(rawValue: try member(of: TextForeground.allCases.map(\.rawValue)))!))
        case "multilineTextAlignment":
            return .text(
                .multilineTextAlignment(TextAlignment(rawValue: try member(of: TextAlignment.allCases.map(\.rawValue)))!))
        case "lineLimit":
            let range = ScreenLimits.lineLimit
            let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
            let (value, described) = try single(expected)!
            guard case .number(let number) = value, number.rounded() == number, range.contains(Int(number)) else {
                throw refusal(described, expected, at: arguments.first)
            }
            return .text(.lineLimit(Int(number)))
        default:
            return .look(try look())
        }
    }

    /// `.padding()`, `.padding(n)`, `.padding(edges)` or `.padding(edges, n)`: the edges one of
    /// ``ScreenEdges/named`` or an array of them, the length 16 when not given.
    func padding() throws(ScreenError) -> ScreenModifier.Kind {
        let range = ScreenLimits.padding
        let names = ScreenEdges.named.map { "." + $0.name }.joined(separator: ", ")
        let expected =
            "[edges,] length: edges one of \(names) or an array of them, the length a number from "
            + "\(CanonicalForm.number(range.lowerBound)) to \(CanonicalForm.number(range.upperBound)); nothing for 16 on every edge"
        if let labelled = arguments.first(where: { $0.label != nil }), let label = labelled.label {
            throw refusal("the argument `\(label):`", expected, at: labelled)
        }
        if arguments.count > 2 { throw refusal("\(arguments.count) arguments", expected, at: arguments[2]) }
        var edges = ScreenEdges.all
        var length = ScreenModifier.defaultPadding
        var lengthArgument = arguments.last
        if let first = arguments.first, arguments.count == 2 || !first.isNumber {
            edges = try self.edges(first, expected)
            lengthArgument = arguments.count == 2 ? arguments[1] : nil
        }
        if let lengthArgument {
            guard case .scalar(.number(let number), _) = lengthArgument.value, range.contains(number) else {
                throw refusal(lengthArgument.value.described, expected, at: lengthArgument)
            }
            length = number
        }
        return .padding(edges, length)
    }

    /// An edge or an array of edges, each named once.
    func edges(_ argument: WrittenArgument, _ expected: String) throws(ScreenError) -> ScreenEdges {
        let written: [(value: ScreenValue, described: String, location: SourceLocation)] =
            switch argument.value {
            case .scalar(let value, let described): [(value, described, argument.location)]
            case .array(let items): items
            }
        var edges: ScreenEdges = []
        for item in written {
            guard case .member(let name) = item.value, let named = ScreenEdges.named.first(where: { $0.name == name }) else {
                throw ScreenError(
                    .invalidValue, at: item.location, found: item.described,
                    expected: ".padding(\(expected))",
                    suggestion: {
                        guard case .member(let name) = item.value else { return nil }
                        return NameSuggestion.nearest(to: name, among: ScreenEdges.named.map(\.name)).map { "." + $0 }
                    }())
            }
            edges.formUnion(named.edges)
        }
        guard !edges.isEmpty else { throw refusal(argument.value.described, expected, at: argument) }
        return edges
    }

    /// `.frame(width:height:alignment:)` or `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`,
    /// each length given at most once, a maximum possibly `.infinity`, the lengths of an axis in order.
    func frame() throws(ScreenError) -> ScreenFrame {
        let range = ScreenLimits.frameLength
        let lengthText = "from \(CanonicalForm.number(range.lowerBound)) to \(CanonicalForm.number(range.upperBound))"
        let alignments = StackAlignment.depth.map { "." + $0 }.joined(separator: ", ")
        let expected =
            "width:, height: or both, each \(lengthText); or minWidth:, idealWidth:, maxWidth:, minHeight:, idealHeight:, "
            + "maxHeight:, each \(lengthText), a maximum also .infinity; and alignment: one of \(alignments)"
        var frame = ScreenFrame()
        var given: Set<String> = []
        for argument in arguments {
            guard let label = argument.label, !given.contains(label) else {
                throw refusal(
                    argument.label.map { "`\($0):` a second time" } ?? "an unlabelled argument", expected, at: argument)
            }
            given.insert(label)
            if label == "alignment" {
                guard case .scalar(.member(let name), _) = argument.value, StackAlignment.depth.contains(name) else {
                    throw refusal(argument.value.described, expected, at: argument)
                }
                frame.alignment = name
                continue
            }
            let isMaximum = label.hasPrefix("max")
            let length: Double
            switch argument.value {
            case .scalar(.number(let number), _) where range.contains(number): length = number
            case .scalar(.member("infinity"), _) where isMaximum: length = .infinity
            default: throw refusal(argument.value.described, expected, at: argument)
            }
            switch label {
            case "width": frame.width.fixed = length
            case "height": frame.height.fixed = length
            case "minWidth": frame.width.minimum = length
            case "idealWidth": frame.width.ideal = length
            case "maxWidth": frame.width.maximum = length
            case "minHeight": frame.height.minimum = length
            case "idealHeight": frame.height.ideal = length
            case "maxHeight": frame.height.maximum = length
            default: throw refusal("the argument `\(label):`", expected, at: argument)
            }
            let fixed = given.contains("width") || given.contains("height")
            let flexible = given.contains { $0.hasPrefix("min") || $0.hasPrefix("ideal") || $0.hasPrefix("max") }
            if fixed && flexible {
                throw refusal(
                    "`\(label):` with a \(label.count <= 6 ? "minimum, ideal or maximum" : "width: or height:")",
                    "either width: and height:, or the minimum, ideal and maximum lengths, as SwiftUI's two frames take them",
                    at: argument)
            }
            for (axis, lengths) in [("Width", frame.width), ("Height", frame.height)] {
                let ordered = [lengths.minimum, lengths.ideal, lengths.maximum].compactMap { $0 }
                if zip(ordered, ordered.dropFirst()).contains(where: { $0 > $1 }) {
                    throw refusal(
                        "\(argument.label ?? "") \(argument.value.described): min\(axis) ≤ ideal\(axis) ≤ max\(axis) does not hold",
                        "min\(axis) at most ideal\(axis), ideal\(axis) at most max\(axis), where given", at: argument)
                }
            }
        }
        guard given.contains(where: { $0 != "alignment" }) else {
            throw refusal(arguments.isEmpty ? "no argument" : "only alignment:", expected)
        }
        return frame
    }

    /// A look modifier's one value, read and checked by its parameter's entry of the table.
    func look() throws(ScreenError) -> LookSetting {
        guard let modifier = LookModifier.named(name) else { preconditionFailure("\(name) is a checked modifier") }
        let (value, described) = try single(modifier.expectation)!
        guard let setting = modifier.setting(value) else { throw refusal(described, modifier.expectation, at: arguments.first) }
        return setting
    }
}
