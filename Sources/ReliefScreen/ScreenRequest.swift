import ReliefSpec

/// A screen to draw (SPEC §14): the parsed layout, what the query sets for the whole screen, and the
/// spec of every element, each checked before anything is drawn, so a screen is refused whole or
/// drawn whole.
///
/// Each component element is a `/render` request of its own: its arguments, the look in force
/// around it (the query's settings, then each look modifier — `.style`, `.color`, `.light`, …, every
/// ``LookModifier`` — from the outermost container in, the innermost winning) and the query's scale and
/// animation, drawn in its frame alone (`margin=0`, `background=transparent`). Its arguments are
/// then written as that spec holds them, defaults and what does not apply left out, so two spellings
/// of one screen have one canonical form. Text, images, dividers and stacks take the look in force
/// alone, read by the same entries of the table as a page's (``RenderSpec/Page``).
public struct ScreenRequest: Sendable, Hashable {
    /// The layout, each component's arguments as its spec holds them.
    public let layout: ScreenElement
    /// What the query sets for every element.
    public private(set) var settings: QuerySettings
    /// The screen's look outside every modifier and the image's output, read from the settings; its
    /// margin is the query's, nil where the screen's shadows decide it.
    public private(set) var page: RenderSpec.Page
    /// The look in force on each element, by where it starts in the layout (``SourceLocation`` is
    /// unique per element): a component's its spec's.
    public let looks: [SourceLocation: RenderSpec.Look]
    /// The spec of each component, by where it starts in the layout.
    public let specs: [SourceLocation: RenderSpec]
    /// Where the components start, in source order: the elements whose spec draws them.
    public let components: [SourceLocation]
    /// The `/render` spec this screen is the one-element screen of (``init(component:)``); nil for a layout of `/screen`.
    public internal(set) var component: RenderSpec? = nil

    /// The parameters a screen's query sets for the whole screen: a page's, less those a screen
    /// refuses. The others belong to elements.
    public static let settingNames: Set<String> = RenderSpec.Page.parameterNames.subtracting(refusedNames)

    /// Parameters of `/render` a screen does not take at all: what to draw is the layout, and a screen
    /// is drawn in one appearance.
    public static let refusedNames: Set<String> = ["component", "scheme", "dark"]

    /// The parameter that carries the layout.
    public static let sourceName = "source"

    /// The settings that are the image's own rather than a look its elements are drawn in.
    private static let outputNames: Set<String> = ["format", "simulate", "margin", "background"]

    /// The request of a `/screen` query: `source` (required) and the settings. `format`, when given,
    /// is the format of a query that names none, as ``RenderSpec/parse(query:format:)`` takes it.
    public static func parse(query: String, format: RenderSpec.Format? = nil) throws(ScreenRequestError) -> ScreenRequest {
        var settings: QuerySettings
        let own: [String: String]
        do {
            (settings, own) = try QuerySettings.parse(
                query, names: settingNames, own: [sourceName], refusal: refusal(of:))
            // Asked by name, not by the settings, which leave out `format=png` as the default.
            if let format, !QuerySettings.isNamed("format", in: query) { try settings.set("format", to: format.rawValue) }
        } catch {
            throw ScreenRequestError(error)
        }
        guard let encoded = own[sourceName] else {
            throw ScreenRequestError(
                SpecError(
                    parameter: sourceName, allowed: sourceAllowed,
                    detail: "source is required: the layout to draw, \(sourceAllowed)"))
        }
        let text: String
        do {
            text = try ScreenSource.decode(encoded)
        } catch {
            throw ScreenRequestError(SpecError(parameter: sourceName, allowed: sourceAllowed, detail: error.description))
        }
        return try ScreenRequest(text: text, settings: settings)
    }

    /// The request of layout `text` (as `POST /screen` sends it) with the settings of `query`, which
    /// must not give `source` too; `format`, when given, is the format of a query that names none.
    public static func parse(
        text: String, query: String, format: RenderSpec.Format? = nil
    ) throws(ScreenRequestError) -> ScreenRequest {
        var settings: QuerySettings
        do {
            settings = try QuerySettings.parse(query, names: settingNames, own: []) { name in
                name == sourceName
                    ? SpecError(
                        parameter: name, allowed: "the layout as the body",
                        detail: "source is the body of a POST; its query gives the screen's other parameters")
                    : refusal(of: name)
            }.settings
            if let format, !QuerySettings.isNamed("format", in: query) { try settings.set("format", to: format.rawValue) }
        } catch {
            throw ScreenRequestError(error)
        }
        return try ScreenRequest(text: text, settings: settings)
    }

    /// What `source` may be, in the words of errors.
    static let sourceAllowed =
        "the layout text of SPEC §14, raw DEFLATE (RFC 1951) in base64url without padding, at most "
        + "\(ScreenLimits.sourceBytes) bytes of text"

    /// The request of layout `text` drawn with `settings`.
    public init(text: String, settings: QuerySettings) throws(ScreenRequestError) {
        let parsed: ScreenElement
        do {
            parsed = try ScreenParser(catalogue: .standard).parse(text)
        } catch {
            throw ScreenRequestError(error)
        }
        try self.init(layout: parsed, settings: settings)
    }

    /// The request of `parsed`, a layout as the parser gives it (its arguments checked against the
    /// catalogue, defaults left out), drawn with `settings`.
    /// `component`, when given, is the spec of the one component `parsed` is, which its element then
    /// takes as it is drawn alone rather than read again from its arguments, and whose look and output
    /// are the page's (``pageOfComponent(_:)``).
    init(layout parsed: ScreenElement, settings: QuerySettings, component: RenderSpec? = nil) throws(ScreenRequestError) {
        do {
            page = if let component { Self.pageOfComponent(component) } else { try RenderSpec.Page(settings: settings) }
        } catch {
            throw ScreenRequestError(error)
        }
        var resolution = Resolution(settings: settings.removing(Self.outputNames), page: page, component: component)
        layout = try resolution.resolve(parsed, look: [])
        looks = resolution.looks
        specs = resolution.specs
        components = resolution.components
        self.settings = settings
        canonicalText = CanonicalForm.text(of: layout)
        // The canonical form is what a GET of this screen carries: held to the limit the text was, so
        // that every screen accepted can be named by its URL (its indents and `\u{…}` escapes can
        // outgrow a compact text).
        guard canonicalText.utf8.count <= ScreenLimits.sourceBytes else {
            throw ScreenRequestError(
                ScreenError(
                    .limit(.sourceBytes), at: SourceLocation(line: 1, column: 1),
                    found: "a layout of \(canonicalText.utf8.count) bytes in canonical form",
                    expected: "at most \(ScreenLimits.sourceBytes) bytes as the canonical form writes it "
                        + "(one element a line, four spaces an indent, invisible characters as \\u{…})"))
        }
    }

    /// The same screen written in `format`, its settings and canonical query naming it: the format
    /// `format=auto` chose for a request. `format` is an image format, as every one `auto` chooses.
    public func written(in format: RenderSpec.Format) -> ScreenRequest {
        var screen = self
        screen.page.output.format = format
        do {
            try screen.settings.set("format", to: format.rawValue)
        } catch {
            preconditionFailure("\(format) is a value of format: \(error)")
        }
        return screen
    }

    /// The least margin of the screen's canvas where the query gives none: the largest of its
    /// components' (`/render`'s least margin for each, ``RenderSpec/leastMargin(for:style:)``), 0
    /// without components.
    public var leastMargin: Double {
        components.compactMap { specs[$0] }.map { RenderSpec.leastMargin(for: $0.component.kind, style: $0.look.style) }
            .max() ?? 0
    }

    /// The layout in its one spelling, at most ``ScreenLimits/sourceBytes`` bytes.
    public let canonicalText: String

    /// The request as a query that names it exactly, the cache's key: `source` the canonical text,
    /// then the settings in the table's order.
    public var canonicalQuery: String {
        QuerySettings.query([(Self.sourceName, ScreenSource.encode(canonicalText))])
            + (settings.query.isEmpty ? "" : "&" + settings.query)
    }

    static func query(_ component: RenderSpec.ComponentKind, _ rest: String...) -> String {
        (["component=" + component.rawValue] + rest.filter { !$0.isEmpty }).joined(separator: "&")
    }

    /// Why a parameter of `/render` is no setting of a screen.
    private static func refusal(of name: String) -> SpecError? {
        guard RenderSpec.parameterNames.contains(name), !settingNames.contains(name) else { return nil }
        if refusedNames.contains(name) {
            return SpecError(
                parameter: name, allowed: "no \(name) on /screen",
                detail: name == "component"
                    ? "component is not a parameter of /screen: the layout names each element, as Button(…) or Slider(…)"
                    : "\(name) is not a parameter of /screen: a screen is drawn in the one style its query and layout give")
        }
        return SpecError(
            parameter: name, allowed: "an argument of an element in the layout",
            detail: "\(name) belongs to an element of the screen: write it in the layout, as Button(\(name): …), "
                + "not in the query; the query sets "
                + RenderSpec.parameterNames.filter(settingNames.contains).joined(separator: ", "))
    }
}

/// Why a screen was refused: the problem in the words of a query's (its parameter, what it accepts,
/// what went wrong), and where in the layout when it is there.
public struct ScreenRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    public let problem: SpecError
    /// Where in the layout text the problem is; nil for one in the query's other parameters.
    public let location: SourceLocation?

    public init(_ problem: SpecError, at location: SourceLocation? = nil) {
        self.problem = problem
        self.location = location
    }

    init(_ error: ScreenError) {
        self.init(
            SpecError(
                parameter: ScreenRequest.sourceName, allowed: error.expected, detail: error.description,
                suggestion: error.suggestion),
            at: error.location)
    }

    public var description: String { problem.description }
}

/// The walk that gives every element its spec and each component its canonical arguments.
struct Resolution {
    /// The look settings of the query, which every element starts from.
    let settings: QuerySettings
    let page: RenderSpec.Page
    /// The spec of the one component of a `/render`'s screen, which its element takes drawn alone.
    let component: RenderSpec?
    var looks: [SourceLocation: RenderSpec.Look] = [:]
    var specs: [SourceLocation: RenderSpec] = [:]
    var components: [SourceLocation] = []

    init(settings: QuerySettings, page: RenderSpec.Page, component: RenderSpec?) {
        self.settings = settings
        self.page = page
        self.component = component
    }

    /// `element` with its canonical arguments, under `look`: the look modifiers around it as query
    /// pairs, outermost first.
    mutating func resolve(_ element: ScreenElement, look outer: [(name: String, value: String)]) throws(ScreenRequestError)
        -> ScreenElement
    {
        // The modifiers written first are the innermost and win: they come last.
        let look = outer + element.modifiers.reversed().compactMap(\.lookPair)
        var settings = self.settings
        for (name, value) in look {
            do {
                try settings.set(name, to: value)
            } catch {
                preconditionFailure("a checked modifier gives a valid \(name): \(error)")
            }
        }
        guard element.role == .component, let entry = ScreenCatalogue.standard.entry(named: element.name),
            let kind = RenderSpec.ComponentKind.allCases.first(where: { $0.options.layoutName == element.name })
        else {
            looks[element.location] = RenderSpec.Look(settings: settings)
            var children: [ScreenElement] = []
            for child in element.children { children.append(try resolve(child, look: look)) }
            return element.replacing(arguments: element.arguments, children: children)
        }
        let spec =
            if let component { Self.drawnAlone(component) } else { try spec(of: element, kind, entry, settings: settings) }
        looks[element.location] = spec.look
        specs[element.location] = spec
        components.append(element.location)
        // A `/render`'s element is written from its spec already as these are (``ScreenRequest/init(component:)``).
        let arguments =
            component != nil
            ? element.arguments
            : Self.arguments(
                of: spec, entry: entry,
                fixingWidth: element.arguments.contains { entry.parameter(labelled: $0.label)?.parameterName == "width" },
                written: element.arguments, at: element.location)
        var children: [ScreenElement] = []
        for child in element.children { children.append(try resolve(child, look: look)) }
        return element.replacing(arguments: arguments, children: children)
    }

    /// The arguments of a component's element as `spec` holds them, each of `entry`'s parameters that
    /// holds another value than its default there, at the place of the argument `written` for it, or
    /// else at `location`. A flexible control's width is written when `fixingWidth` (a written width
    /// fixes it even at its default: without one it takes what it is offered).
    static func arguments(
        of spec: RenderSpec, entry: ElementEntry, fixingWidth: Bool, written: [ScreenArgument], at location: SourceLocation
    ) -> [ScreenArgument] {
        let keepsWidth = fixingWidth && spec.component.flexibleMinimumWidth != nil
        return entry.parameters.compactMap { parameter -> ScreenArgument? in
            guard let name = parameter.parameterName,
                let value = keepsWidth && name == "width" ? spec.value(of: name) : spec.valueOtherThanDefault(of: name)
            else { return nil }
            return ScreenArgument(
                label: parameter.label, value: Self.screenValue(value, as: parameter.kind),
                location: written.first { $0.label == parameter.label }?.location ?? location)
        }
    }

    /// Each element's picture alone: its frame on nothing, as a PNG, which the screen then places.
    static let alone = "margin=0&background=transparent&format=png"

    /// `spec` (one appearance) drawn alone, as its element's query with ``alone`` reads it: the output
    /// of ``alone``, at the spec's scale, with its animation, without a simulation, which the page applies.
    static func drawnAlone(_ spec: RenderSpec) -> RenderSpec {
        var alone = spec
        alone.output.margin = 0
        alone.output.background = .transparent
        alone.output.format = .png
        alone.output.simulation = .none
        return alone
    }

    /// The spec of component `element` of `kind`, its arguments read by `entry`, in the look of `settings`
    /// and the page's animation where it has a state to change, drawn alone.
    func spec(
        of element: ScreenElement, _ kind: RenderSpec.ComponentKind, _ entry: ElementEntry, settings: QuerySettings
    ) throws(ScreenRequestError) -> RenderSpec {
        var pairs: [(name: String, value: String)] = []
        for argument in element.arguments {
            guard let name = entry.parameter(labelled: argument.label)?.parameterName else { continue }
            pairs.append((name, Self.queryText(argument.value)))
        }
        if kind.uses(.animation), let animation = page.output.animation {
            pairs += [
                ("animate", "true"), ("fps", DecimalText.format(animation.framesPerSecond)),
                ("loop", animation.loops ? "true" : "false"),
            ]
        }
        return try spec(
            ScreenRequest.query(
                kind, settings.removing(["animate", "fps", "loop"]).query, Self.alone, QuerySettings.query(pairs)),
            of: element)
    }

    /// The spec of `query`, or its refusal placed at `element` (at the argument it names, when written).
    func spec(_ query: String, of element: ScreenElement) throws(ScreenRequestError) -> RenderSpec {
        do {
            return try RenderSpec.parse(query: query)
        } catch {
            let entry = ScreenCatalogue.standard.entry(named: element.name)
            let argument = element.arguments.first { argument in
                entry?.parameter(labelled: argument.label)?.parameterName == error.parameter
            }
            let location = argument?.location ?? element.location
            let detail = "\(location): \(element.name): \(error.detail)"
            throw ScreenRequestError(
                SpecError(parameter: ScreenRequest.sourceName, allowed: error.allowed, detail: detail), at: location)
        }
    }

    /// A value as a query writes it: a list's items joined by commas (``ListText``).
    static func queryText(_ value: ScreenValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): CanonicalForm.number(number)
        case .bool(let flag): flag ? "true" : "false"
        case .member(let name): name
        case .list(let items): ListText.joined(items.map(queryText))
        }
    }

    /// A canonical query value as the layout writes it for an argument of `kind`.
    static func screenValue(_ text: String, as kind: ValueKind) -> ScreenValue {
        switch kind {
        case .text, .words: .string(text)
        case .number, .integer: .number(Double(text) ?? 0)
        case .bool: .bool(text == "true")
        case .member: .member(text)
        case .list(let element, _):
            .list(ListText.items(text).map { screenValue($0, as: element) })
        }
    }
}

extension ScreenModifier {
    /// The `/render` parameter and value a look modifier sets; nil for layout modifiers.
    var lookPair: (name: String, value: String)? {
        switch kind {
        case .look(let setting): (setting.parameter, setting.value)
        case .padding, .frame, .font, .text: nil
        }
    }
}

extension ScreenElement {
    func replacing(arguments: [ScreenArgument], children: [ScreenElement]) -> ScreenElement {
        ScreenElement(
            name: name, role: role, arguments: arguments, children: children, modifiers: modifiers, location: location)
    }
}
