import ReliefAudit
import ReliefRender
import ReliefScreen
import ReliefSpec

/// The OpenAPI 3.1 description of the service served at `/openapi.json`.
///
/// Every `/render` parameter's values, ranges, defaults and applicability are read from the parser's
/// table (`RenderSpec.parameters`), and the galleries from `Showcase` and `ScreenShowcase`, so the
/// document cannot drift from what the parser accepts.
enum OpenAPIDocument {
    /// The document as served: indented JSON and its entity tag.
    struct Served: Sendable {
        let json: [UInt8]
        let tag: EntityTag

        init(signingRequired: Bool) {
            json = OpenAPIDocument.document(signingRequired: signingRequired).serialized(indent: 2)
            tag = EntityTag.forContent(json)
        }
    }

    /// What `/openapi.json` serves, made once for each setting of signed URLs.
    static let withoutSigning = Served(signingRequired: false)
    static let withSigning = Served(signingRequired: true)

    /// The document, its paths those of ``ReliefApplication/routes``; with `signingRequired`, the
    /// signed routes (`/render`, `/audit`) carry `x-relief-signature` (``signatureRequirement``) and a
    /// `403` answer.
    static func document(signingRequired: Bool) -> JSONValue {
        let signed: (JSONValue) -> JSONValue = { signingRequired ? requiringSignature($0) : $0 }
        return .object([
            "openapi": .string("3.1.0"),
            "info": .object([
                "title": .string("Relief"),
                "version": .string(Renderer.version),
                "description": .string(
                    "Renders neumorphic (soft UI) components as PNG images. Every image is cached; "
                        + "its ETag is known from the query alone."),
            ]),
            "paths": .object(
                ReliefApplication.routes.compactMap { route in
                    guard let path = route.path, let operation = route.operation else { return nil }
                    let get = route.isSigned ? signed(operation.json) : operation.json
                    let post = route.methods.contains(.post) ? operation.postJSON : nil
                    return .init(name: "\(path)", value: .object(["get": get, "post": post]))
                }),
            "components": .object(["schemas": .object(["Problem": problemSchema])]),
        ])
    }

    /// The operations the routes name (``ServiceRoute/operation``).
    enum Operation: Sendable {
        case render, screen, audit, describe, health, metrics, openAPI

        /// The operation's `POST`, for a route that takes one.
        var postJSON: JSONValue? {
            self == .screen ? screenPostOperation : nil
        }

        var json: JSONValue {
            switch self {
            case .render: renderOperation
            case .screen: screenOperation
            case .audit: auditOperation
            case .describe: describeOperation
            case .health: healthOperation
            case .metrics: metricsOperation
            case .openAPI: openAPIOperation
            }
        }
    }

    /// What a client must do when URLs must be signed; the playground shows its `description`
    /// instead of images it could not load.
    static let signatureRequirement: JSONValue = .object([
        "required": .bool(true),
        "parameter": .string(URLSigner.parameterName),
        "description": .string(
            "This server answers only signed /render and /audit URLs: the last parameter is sig, the base64url "
                + "(no padding) HMAC-SHA256 of the path, \"?\" and the query before &sig=, under a key the server "
                + "holds. `relief sign 'QUERY' --key-file FILE` prints such a URL."),
    ])

    /// `operation` with ``signatureRequirement`` and the `403` of a missing or wrong signature.
    private static func requiringSignature(_ operation: JSONValue) -> JSONValue {
        .object(
            operation.members.map { member in
                guard member.name == "responses" else { return member }
                return .init(
                    name: "responses",
                    value: .object(
                        member.value.members + [
                            .init(name: "403", value: problem("The signature is missing, not last, or wrong."))
                        ]))
            } + [.init(name: "x-relief-signature", value: signatureRequirement)])
    }

    /// The `/render` query parameters, in the parser's canonical order, each with its schema and
    /// the `x-relief-*` data the playground builds its controls from (see docs/HTTP.md).
    static var renderParameters: [JSONValue] {
        RenderSpec.parameters.map { json(of: $0, rules: PublishedRules($0)) }
    }

    /// What the document says of a parameter's rules: the table's own for `/render`, or as they hold
    /// on a screen (``screenParameters``).
    struct PublishedRules {
        var applies: ParameterCondition
        var defaults: [ParameterDefault]
        var isLeftOutAtDefault: ParameterCondition

        init(_ parameter: QueryParameter) {
            applies = parameter.applies
            defaults = parameter.defaults
            isLeftOutAtDefault = parameter.isLeftOutAtDefault
        }

        /// `parameter`'s rules on a screen, whose query sets only ``ScreenRequest/settingNames``: a
        /// part of a condition about another parameter (`component`, `label`, `dark`) may hold for
        /// some element of the layout, so it is taken to hold, and a setting applies wherever it
        /// may change an element. A default that depends on such a parameter is the layout's, which
        /// only the server works out: none is published.
        static func onScreen(_ parameter: QueryParameter) -> PublishedRules {
            var rules = PublishedRules(parameter)
            rules.applies = onScreen(parameter.applies)
            rules.isLeftOutAtDefault = onScreen(parameter.isLeftOutAtDefault)
            if parameter.defaults.contains(where: { onScreen($0.condition) != $0.condition }) {
                rules.defaults = []
            }
            return rules
        }

        /// `condition` with every part about a parameter outside a screen's query taken to hold.
        static func onScreen(_ condition: ParameterCondition) -> ParameterCondition {
            switch condition {
            case .value(of: let name, _), .given(let name, _):
                return ScreenRequest.settingNames.contains(name) ? condition : .always
            case .all(let parts):
                let open = parts.map(onScreen).filter { !$0.isAlways }
                return open.count == 1 ? open[0] : .all(open)
            case .any(let parts):
                let open = parts.map(onScreen)
                return open.contains(where: \.isAlways) ? .always : open.count == 1 ? open[0] : .any(open)
            }
        }
    }

    /// `parameter` as an OpenAPI query parameter published with `rules`.
    private static func json(of parameter: QueryParameter, rules: PublishedRules) -> JSONValue {
        let presentation = parameter.presentation
        return .object([
            "name": .string(parameter.name),
            "in": .string("query"),
            "required": .bool(false),
            "description": .string(description(of: parameter, rules: rules)),
            "schema": schema(parameter.schema, default: rules.defaults.count == 1 ? rules.defaults[0].value : nil),
            "x-relief-applies": rules.applies.isAlways ? nil : json(rules.applies),
            "x-relief-defaults": rules.defaults.isEmpty
                ? nil
                : .array(
                    rules.defaults.map { entry in
                        .object([
                            "when": entry.condition.isAlways ? nil : json(entry.condition), "value": .string(entry.value),
                        ])
                    }),
            "x-relief-label": .string(presentation.label),
            "x-relief-group": .string(presentation.group.rawValue),
            "x-relief-unit": presentation.unit.map(JSONValue.string),
            "x-relief-value-labels": presentation.valueLabels.isEmpty
                ? nil
                : .object(
                    presentation.valueLabels.map {
                        JSONValue.Member(name: $0.value, value: .string($0.label))
                    }),
            "x-relief-slider-step": presentation.sliderStep.map(JSONValue.number),
            "x-relief-left-out-at-default": rules.isLeftOutAtDefault == .never
                ? nil : json(rules.isLeftOutAtDefault),
            // What each format is served as, so a client knows an image from text without a list of its own.
            "x-relief-media-types": parameter.name == "format"
                ? .object(
                    RenderSpec.Format.allCases.map {
                        JSONValue.Member(name: $0.rawValue, value: .string($0.mediaType))
                    }) : nil,
            // The formats that hold every appearance of `scheme=auto`; the others refuse it.
            "x-relief-adapting-formats": parameter.name == "format"
                ? .array(RenderSpec.Format.allCases.filter(\.adaptsToAppearance).map { .string($0.rawValue) }) : nil,
        ])
    }

    /// The groups of the playground's form, in order.
    static var parameterGroups: JSONValue {
        .array(ParameterGroup.allCases.map { .object(["id": .string($0.rawValue), "legend": .string($0.legend)]) })
    }

    /// Every component and state of ``Showcase``, to be drawn in each of its styles at its scale,
    /// with each picture's alt text and size (``ImageDescription``), laid out once per process.
    static let gallery: JSONValue = {
        let descriptions = Dictionary(
            uniqueKeysWithValues: Showcase.pictures.compactMap { picture in
                (try? RenderSpec.parse(query: picture.query)).flatMap {
                    try? ReliefApplication.describingRenderer.imageDescription(for: $0)
                }
                .map { (picture.name, $0) }
            })
        return
            .object([
                "scale": .number(Showcase.scale),
                "styles": .array(Showcase.styles.map { .string($0.rawValue) }),
                "groups": .array(
                    Showcase.groups.map { group in
                        .object([
                            "title": .string(group.title),
                            "text": .string(group.text),
                            "entries": .array(
                                group.entries.map { entry in
                                    .object([
                                        "name": .string(entry.name), "caption": .string(entry.caption),
                                        "component": .string(entry.component.rawValue), "state": .string(entry.state),
                                        "pictures": .object(
                                            Showcase.styles.compactMap { style in
                                                descriptions["\(style.rawValue)-\(entry.name)"].map {
                                                    JSONValue.Member(name: style.rawValue, value: $0.json)
                                                }
                                            }),
                                    ])
                                }),
                        ])
                    }),
            ])
    }()

    /// The parameter's description, then where it applies and its defaults in words when they
    /// depend on other parameters.
    private static func description(of parameter: QueryParameter, rules: PublishedRules) -> String {
        var text = parameter.description
        if !rules.applies.isAlways {
            text += " Applies when " + rules.applies.words + "."
        }
        if rules.defaults.count > 1 {
            text +=
                " Default: "
                + rules.defaults.map { entry in
                    entry.condition.isAlways ? "otherwise " + entry.value : entry.value + " when " + entry.condition.words
                }.joined(separator: "; ") + "."
        }
        return text
    }

    /// The JSON Schema of values of `valueSchema`, with `onlyDefault` where there is one.
    private static func schema(_ valueSchema: ValueSchema, default onlyDefault: String?) -> JSONValue {
        switch valueSchema {
        case .choice(let values):
            return .object([
                "type": .string("string"), "enum": .array(values.map(JSONValue.string)),
                "default": onlyDefault.map(JSONValue.string),
            ])
        case .boolean:
            // A boolean as OpenAPI writes one in a query (`true`, `false`), with every spelling the
            // parser also takes and what it stands for, so a client needs no list of its own.
            let spellings = ValueSchema.booleanSpellings
            return .object([
                "type": .string("boolean"),
                "default": onlyDefault.flatMap { text in spellings.first { $0.text == text } }.map { .bool($0.value) },
                "x-relief-spellings": .object(spellings.map { JSONValue.Member(name: $0.text, value: .bool($0.value)) }),
            ])
        case .number(let range):
            return .object([
                "type": .string("number"), "minimum": .number(range.lowerBound),
                "maximum": .number(range.upperBound),
                "default": onlyDefault.flatMap(DecimalText.parse).map(JSONValue.number),
            ])
        case .wholeNumber(let range):
            return .object([
                "type": .string("integer"), "minimum": .integer(range.lowerBound), "maximum": .integer(range.upperBound),
                "default": onlyDefault.flatMap { Int($0) }.map(JSONValue.integer),
            ])
        case let .list(element, count):
            // One query value, its items separated by commas, each as the item schema says; `\,` is
            // a comma inside an item and `\\` a backslash (ListText).
            return .object([
                "type": .string("string"), "minLength": .integer(1),
                "x-relief-list": .object([
                    "separator": .string(","), "escape": .string("\\"), "minItems": .integer(count.lowerBound),
                    "maxItems": .integer(count.upperBound), "items": schema(element, default: nil),
                ]),
                "default": onlyDefault.map(JSONValue.string),
            ])
        case .text(let maxLength):
            return .object([
                "type": .string("string"), "minLength": .integer(1), "maxLength": .integer(maxLength),
                "default": onlyDefault.map(JSONValue.string),
            ])
        case .languageTag:
            // The syntax is in the parameter's description and its errors' allowed, not repeated as a pattern.
            return .object([
                "type": .string("string"), "minLength": .integer(2),
                "maxLength": .integer(RenderSpec.Limits.maxLanguageTagCharacters),
                "examples": .array(["zh-Hant", "ja", "ar-EG"].map(JSONValue.string)),
            ])
        case .colour(let keywords):
            return .object([
                "anyOf": .array([
                    .object(["type": .string("string"), "enum": .array(keywords.map(JSONValue.string))]),
                    .object([
                        "type": .string("string"), "format": .string("color"),
                        "pattern": .string("^#?[0-9A-Fa-f]{6}$"), "examples": .array([.string("e0e5ec")]),
                    ]),
                ]),
                "default": onlyDefault.map(JSONValue.string),
            ])
        case let .direction(points, degrees):
            return .object([
                "anyOf": .array([
                    .object([
                        "type": .string("string"), "enum": .array(points.map { .string($0.name) }),
                        "x-relief-degrees": .object(points.map { .init(name: $0.name, value: .integer($0.degrees)) }),
                    ]),
                    .object([
                        "type": .string("integer"), "minimum": .integer(degrees.lowerBound),
                        "maximum": .integer(degrees.upperBound),
                    ]),
                ]),
                "default": onlyDefault.map(JSONValue.string),
            ])
        }
    }

    /// A condition as the playground evaluates it: `{"parameter": "component", "in": [...]}`,
    /// `{"parameter": "label", "given": true}`, `{"all": [...]}` or `{"any": [...]}`.
    private static func json(_ condition: ParameterCondition) -> JSONValue {
        switch condition {
        case let .value(name, values):
            .object(["parameter": .string(name), "in": .array(values.map(JSONValue.string))])
        case let .given(name, isGiven):
            .object(["parameter": .string(name), "given": .bool(isGiven)])
        case let .all(conditions):
            .object(["all": .array(conditions.map(json))])
        case let .any(conditions):
            .object(["any": .array(conditions.map(json))])
        }
    }

    private static let problemSchema: JSONValue = .object([
        "type": .string("object"),
        "description": .string(
            "RFC 9457 problem details; parameter and allowed are present for a refused query, suggestion for an "
                + "unknown name with a known one near it, line and column for a problem in a layout."),
        "required": .array(["type", "title", "status", "detail"].map(JSONValue.string)),
        "properties": .object([
            "type": .object(["type": .string("string"), "format": .string("uri-reference")]),
            "title": .object(["type": .string("string")]),
            "status": .object(["type": .string("integer")]),
            "detail": .object(["type": .string("string")]),
            "parameter": .object(["type": .string("string"), "description": .string("The parameter at fault.")]),
            "allowed": .object(["type": .string("string"), "description": .string("What that parameter accepts.")]),
            "suggestion": .object([
                "type": .string("string"),
                "description": .string(
                    "For an unknown parameter, or an unknown element, argument or modifier of a layout, the known name "
                        + "it most likely meant, as the detail ends with it: on for checked, isOn for checked: in a layout."),
            ]),
            "line": .object([
                "type": .string("integer"), "minimum": .integer(1),
                "description": .string("Where in a screen's layout the problem is: the line, from 1."),
            ]),
            "column": .object([
                "type": .string("integer"), "minimum": .integer(1),
                "description": .string("The column of that line, from 1, counting Unicode scalars."),
            ]),
        ]),
    ])

    private static func problem(_ description: String, extra: [JSONValue.Member] = []) -> JSONValue {
        .object([
            "description": .string(description),
            "content": .object(
                [
                    .init(
                        name: ProblemDetails.mediaType,
                        value: .object([
                            "schema": .object(["$ref": .string("#/components/schemas/Problem")])
                        ]))
                ] + extra),
        ])
    }

    private static let pngContent = content(of: "image/png")

    /// A response body of `mediaType`, as bytes.
    private static func content(of mediaType: String) -> JSONValue {
        .object(["schema": .object(["type": .string("string"), "contentMediaType": .string(mediaType)])])
    }

    /// How long an image may be kept: final bytes for ever, a PNG's fast first bytes briefly (SPEC §12).
    private static let cacheControlDescription =
        "public, max-age=31536000, immutable for final bytes; public, max-age=60 (relief serve --provisional-max-age) "
        + "for a PNG's fast first encoding, which a revalidation replaces with its smallest once the query is asked "
        + "for again."

    private static func header(_ description: String) -> JSONValue {
        .object(["description": .string(description), "schema": .object(["type": .string("string")])])
    }

    /// `/screen`'s parameters: `source`, then the `/render` parameters a screen's query sets for all
    /// its elements (``ScreenRequest/settingNames``), with their rules as they hold on a screen
    /// (``PublishedRules/onScreen(_:)``).
    static var screenParameters: [JSONValue] {
        let settings = RenderSpec.parameters.filter { ScreenRequest.settingNames.contains($0.name) }
        return [sourceParameter(required: true)] + settings.map { json(of: $0, rules: .onScreen($0)) }
    }

    /// `source`, the layout of a screen: required by `/screen`; on `/audit`, what makes it audit a screen.
    static func sourceParameter(required: Bool) -> JSONValue {
        .object([
            "name": .string(ScreenRequest.sourceName), "in": .string("query"), "required": .bool(required),
            "description": .string(
                (required ? "" : "A screen to audit instead of a component; the other parameters are then those of /screen. ")
                    + "The layout (SPEC §14's SwiftUI subset, docs/SCREENS.md), UTF-8 text deflated as raw DEFLATE "
                    + "(RFC 1951) and written in base64url without padding, at most \(ScreenSource.maximumEncodedLength) "
                    + "characters and \(ScreenLimits.sourceBytes) bytes of text."),
            "schema": .object([
                "type": .string("string"), "pattern": .string("^[A-Za-z0-9_-]+$"),
                "maxLength": .integer(ScreenSource.maximumEncodedLength),
            ]),
        ])
    }

    /// The groups of the settings' form on a screen, in order: those holding a setting, the subject's
    /// and the content's named for what a screen's query sets there (the whole screen's style, its text).
    static var screenGroups: JSONValue {
        let used = Set(
            RenderSpec.parameters.filter { ScreenRequest.settingNames.contains($0.name) }.map(\.presentation.group))
        return .array(
            ParameterGroup.allCases.filter(used.contains).map { group in
                let legend =
                    switch group {
                    case .subject: "Screen"
                    case .content: "Text"
                    default: group.legend
                    }
                return .object(["id": .string(group.rawValue), "legend": .string(legend)])
            })
    }

    /// The gallery's screens (``ScreenShowcase``): each with its layout and, per picture, its query,
    /// the `/screen` URL that draws it, an alt text from the captions and its size in points, laid out
    /// once per process without drawing (the size a `/screen` answer has at that scale).
    static let screenGallery: JSONValue = .object([
        "entries": .array(
            ScreenShowcase.entries.map { entry in
                .object([
                    "name": .string(entry.name), "caption": .string(entry.caption), "layout": .string(entry.layout),
                    "pictures": .array(entry.pictures.map { screenPicture($0, of: entry) }),
                ])
            })
    ])

    /// One picture of a gallery screen: its caption, query, URL and, where it lays out, alt text and size.
    private static func screenPicture(_ picture: ScreenShowcase.Picture, of entry: ScreenShowcase.Entry) -> JSONValue {
        let query =
            ScreenRequest.sourceName + "=" + ScreenSource.encode(entry.layout)
            + (picture.query.isEmpty ? "" : "&" + picture.query)
        let size = (try? ScreenRequest.parse(query: query)).flatMap { request -> (width: Int, height: Int)? in
            guard let laidOut = try? ReliefApplication.describingRenderer.laidOutScreen(request, glyphs: .omitted) else {
                return nil
            }
            // As a page sizes the image it has: its pixels over its scale, in whole points.
            let scale = request.page.output.scale
            return (
                Int((Double(laidOut.pixels.width) / scale).rounded()), Int((Double(laidOut.pixels.height) / scale).rounded())
            )
        }
        return .object([
            "caption": .string(picture.caption), "query": .string(picture.query), "url": .string("/screen?" + query),
            "alt": size.map { _ in .string(entry.caption + " (" + picture.caption + ")") },
            "width": size.map { .integer($0.width) }, "height": size.map { .integer($0.height) },
        ])
    }

    /// `POST /screen`: the layout as the body, the settings in the query, a `303` to the `GET` URL.
    private static var screenPostOperation: JSONValue {
        .object([
            "summary": .string("Make the /screen URL of a layout sent as the body"),
            "description": .string(
                "The layout text (SPEC §14) as the body, the screen's other parameters in the query, as GET /screen takes "
                    + "them. The layout is checked as GET checks it; the answer is 303 See Other to the GET URL, source "
                    + "and the parameters in canonical form, also given as the body. On a server that requires signed "
                    + "URLs the GET URL must be signed as any other (relief sign)."),
            "operationId": .string("screenLink"),
            "parameters": .array(Array(screenParameters.dropFirst())),
            "requestBody": .object([
                "required": .bool(true),
                "content": .object([
                    "text/plain": .object([
                        "schema": .object(["type": .string("string"), "maxLength": .integer(ScreenLimits.sourceBytes)])
                    ])
                ]),
            ]),
            "responses": .object([
                "303": .object([
                    "description": .string("The layout is a screen: Location is its GET /screen URL."),
                    "headers": .object(["Location": header("/screen?source=…, the screen's canonical query.")]),
                ]),
                "400": problem("The layout or a parameter was refused; line and column say where in the layout."),
                "413": problem("The body is larger than the server takes."),
            ]),
        ])
    }

    private static var screenOperation: JSONValue {
        .object([
            "summary": .string("Draw a whole screen of components from a SwiftUI-shaped layout"),
            "description": .string(
                "GET and HEAD. source is the layout; the other parameters apply to every element, and an element's own "
                    + "parameters are its arguments in the layout. A layout that does not parse, an unknown element, "
                    + "argument or value, or a limit passed (8 KiB of text, 64 elements, 8 levels of nesting, the pixel "
                    + "budget) is refused with 400 naming the line and column; a screen never renders partially."),
            "operationId": .string("screen"),
            "parameters": .array(screenParameters),
            "x-relief-groups": screenGroups,
            "x-relief-gallery": screenGallery,
            "responses": .object([
                "200": .object([
                    "description": .string("The screen in the query's format."),
                    "headers": .object([
                        "ETag": header(
                            "A strong tag computed from the renderer version and the screen's canonical form; a PNG's fast "
                                + "first encoding has its own, ending -fast."),
                        "Cache-Control": header(cacheControlDescription),
                        "Server-Timing": header("render;dur and encode;dur in ms, and cache;desc=hit or miss."),
                    ]),
                    "content": .object(
                        RenderSpec.Format.allCases.filter(\.keys.negotiatedFormats.isEmpty).map { format in
                            .init(name: format.mediaType, value: content(of: format.mediaType))
                        }),
                ]),
                "304": .object(["description": .string("The If-None-Match tag is current; no body.")]),
                "400": problem(
                    "The query or its layout was refused; line and column say where in the layout. A client whose Accept "
                        + "ranks image/* above */* (an <img>) gets a PNG stating the problem instead (Vary: Accept).",
                    extra: [.init(name: "image/png", value: pngContent)]),
                "503": problem("The screen would wait longer than the server allows (retry after the Retry-After seconds)."),
                "500": problem("The screen failed to draw."),
            ]),
        ])
    }

    private static var renderOperation: JSONValue {
        .object([
            "summary": .string(
                "Render a component as a PNG, WebP or AVIF image, or as SVG, CSS, HTML, SwiftUI code or design tokens"),
            "description": .string(
                "GET and HEAD. Every parameter is optional; an unknown parameter, an unknown value or a number out "
                    + "of range is refused with 400, naming the parameter and what it accepts. A parameter that does "
                    + "not apply to the component is checked, then ignored."),
            "operationId": .string("render"),
            "parameters": .array(renderParameters),
            "x-relief-groups": parameterGroups,
            "x-relief-gallery": gallery,
            "responses": .object([
                "200": .object([
                    "description": .string("The image, or the file of the query's format."),
                    "headers": .object([
                        "ETag": header(
                            "A strong tag computed from the renderer version and the canonical query; a PNG's fast first "
                                + "encoding has its own, ending -fast."),
                        "Cache-Control": header(cacheControlDescription),
                        "Content-Disposition": header("inline, with a file name of the style, component, state and format."),
                        "Vary": header(
                            "Accept, when format=auto (or no format under relief serve --default-format auto) chose the type "
                                + "by the request's Accept: AVIF, else WebP, else PNG, each type its own ETag."),
                        "Server-Timing": header(
                            "render;dur and encode;dur in ms (of the render that made the image), and cache;desc=hit or miss."),
                    ]),
                    "content": .object(
                        RenderSpec.Format.allCases.filter(\.keys.negotiatedFormats.isEmpty).map { format in
                            .init(name: format.mediaType, value: content(of: format.mediaType))
                        }),
                ]),
                "304": .object(["description": .string("The If-None-Match tag is current; no body.")]),
                "400": problem(
                    "The query was refused. A client whose Accept ranks image/* above */* (an <img>) gets a PNG "
                        + "stating the problem instead (Vary: Accept).",
                    extra: [.init(name: "image/png", value: pngContent)]),
                "503": problem(
                    "The render would wait longer than the server allows (retry after the Retry-After seconds), or its client closed the connection before it was drawn."
                ),
                "500": problem("The render failed."),
            ]),
        ])
    }

    private static var auditOperation: JSONValue {
        .object([
            "summary": .string("Check a render's or a screen's accessibility, measured on its pixels"),
            "description": .string(
                "Takes exactly the /render parameters and refuses the same queries. Measures label, control and "
                    + "state contrast (WCAG 1.4.3, 1.4.6, 1.4.11) and the target size (2.5.8, 2.5.5) on the rendered "
                    + "pixels, after any simulate. An animation is audited in the state it ends on. Cached like images. "
                    + "With source, audits a screen instead, taking what /screen takes and refusing what it refuses: "
                    + "each control's checks on the background it sits on, the contrast of each text and icon, and the "
                    + "spacing of targets (2.5.8), each check naming its element's line and column in the layout."),
            "operationId": .string("audit"),
            "parameters": .array(renderParameters + [sourceParameter(required: false)]),
            "responses": .object([
                "200": .object([
                    "description": .string("The checks that apply to the component, or to every element of the screen."),
                    "content": .object([
                        "application/json": .object([
                            "schema": .object([
                                "anyOf": .array([AccessibilityAudit.jsonShape.schema, ScreenAudit.jsonShape.schema])
                            ])
                        ])
                    ]),
                ]),
                "304": .object(["description": .string("The If-None-Match tag is current; no body.")]),
                "400": problem("The query was refused, as on /render; a screen's as on /screen, with line and column."),
                "503": problem(
                    "The render would wait longer than the server allows (retry after the Retry-After seconds), or its client closed the connection before it was drawn."
                ),
                "500": problem("The render failed."),
            ]),
        ])
    }

    private static var describeOperation: JSONValue {
        .object([
            "summary": .string("Say what a render's image shows and how large it is, without drawing it"),
            "description": .string(
                "Takes exactly the /render parameters and refuses the same queries. Lays the scene out and "
                    + "answers the image's alt text and its width and height in points (its pixels over its scale), "
                    + "the attributes of an <img> placed before the image arrives, and a <picture> of it in AVIF, WebP "
                    + "and PNG. Cached like images."),
            "operationId": .string("describe"),
            "parameters": .array(renderParameters),
            "responses": .object([
                "200": .object([
                    "description": .string("The image's alt text and size."),
                    "content": .object(["application/json": .object(["schema": imageDescriptionSchema])]),
                ]),
                "304": .object(["description": .string("The If-None-Match tag is current; no body.")]),
                "400": problem("The query was refused, as on /render."),
                "503": problem("The layout would wait longer than the server allows (retry after the Retry-After seconds)."),
            ]),
        ])
    }

    /// The shape of ``ImageDescription``'s JSON, in `/describe`'s answer and the gallery's pictures.
    static let imageDescriptionSchema: JSONValue = .object([
        "type": .string("object"),
        "required": .array(["alt", "width", "height"].map(JSONValue.string)),
        "properties": .object([
            "alt": .object(["type": .string("string"), "description": .string("A sentence saying what the image shows.")]),
            "width": .object(["type": .string("integer"), "description": .string("Points.")]),
            "height": .object(["type": .string("integer"), "description": .string("Points.")]),
            "picture": .object([
                "type": .string("string"),
                "description": .string(
                    "scheme=fixed only: a <picture> to paste, an AVIF and a WebP <source> (the WebP alone for an "
                        + "animation) with a 1x/2x/3x srcset of /render URLs, and the PNG <img> with width, height and alt."),
            ]),
            "appearances": .object([
                "type": .string("array"),
                "description": .string(
                    "scheme=auto only: each picture the answer holds, light, dark and their contrast=high variants."),
                "items": .object([
                    "type": .string("object"),
                    "required": .array(["name", "style", "query"].map(JSONValue.string)),
                    "properties": .object([
                        "name": .object([
                            "type": .string("string"),
                            "enum": .array(["light", "dark", "light-high", "dark-high"].map(JSONValue.string)),
                        ]),
                        "style": .object([
                            "type": .string("string"), "enum": .array(RenderSpec.Style.allCases.map { .string($0.rawValue) }),
                        ]),
                        "query": .object([
                            "type": .string("string"), "description": .string("The canonical query of the picture alone."),
                        ]),
                    ]),
                ]),
            ]),
        ]),
    ])

    private static let healthOperation: JSONValue = .object([
        "summary": .string("Whether the service can render"),
        "operationId": .string("health"),
        "responses": .object([
            "200": .object([
                "description": .string("A test render succeeded."),
                "content": .object(["text/plain": .object(["example": .string("ok\n")])]),
            ]),
            "503": .object([
                "description": .string(
                    "The test render failed or has not finished yet, or the service is "
                        + "draining before it shuts down (urn:relief:problem:draining).")
            ]),
        ]),
    ])

    private static let metricsOperation: JSONValue = .object([
        "summary": .string("Counters in the Prometheus text format 0.0.4"),
        "operationId": .string("metrics"),
        "responses": .object([
            "200": .object([
                "description": .string("Requests, render and encode times, cache, queue and connections."),
                "content": .object([.init(name: ServiceMetrics.contentType, value: .object([:]))]),
            ])
        ]),
    ])

    private static let openAPIOperation: JSONValue = .object([
        "summary": .string("This document"),
        "operationId": .string("openapi"),
        "responses": .object([
            "200": .object(["description": .string("OpenAPI 3.1"), "content": .object(["application/json": .object([:])])])
        ]),
    ])
}
