import ReliefRender
import ReliefSpec

/// The OpenAPI 3.1 description of the service served at `/openapi.json`.
///
/// Every `/render` parameter's values, ranges and defaults are read from `RenderSpec` (its enums'
/// cases, its `Limits`, its defaults), so the document cannot drift from what the parser accepts.
enum OpenAPIDocument {
    /// The document as indented JSON.
    static let json: [UInt8] = document.serialized(indent: 2)

    static var document: JSONValue {
        .object([
            "openapi": .string("3.1.0"),
            "info": .object([
                "title": .string("Relief"),
                "version": .string(Renderer.version),
                "description": .string(
                    "Renders neumorphic (soft UI) components as PNG images. Every image is cached; "
                        + "its ETag is known from the query alone."),
            ]),
            "paths": .object([
                "/render": .object(["get": renderOperation]),
                "/audit": .object(["get": auditOperation]),
                "/healthz": .object(["get": healthOperation]),
                "/metrics": .object(["get": metricsOperation]),
                "/openapi.json": .object(["get": openAPIOperation]),
            ]),
            "components": .object(["schemas": .object(["Problem": problemSchema])]),
        ])
    }

    /// The `/render` query parameters, in the parser's canonical order.
    static var renderParameters: [JSONValue] {
        let defaults = RenderSpec()
        let side = number(in: RenderSpec.Limits.side)
        let onState = RenderSpec.Component.allCases.filter(\.hasOnState).map(\.rawValue).joined(separator: ", ")
        let withIcon = RenderSpec.Component.allCases.filter(\.showsIcon).map(\.rawValue).joined(separator: ", ")
        return [
            parameter("component", "What to draw.", choice(RenderSpec.Component.self, default: defaults.component)),
            parameter("style", "Which recipe to draw it with.", choice(RenderSpec.Style.self, default: defaults.style)),
            parameter("pressed", "Whether a button is drawn pressed (button only).", boolean(default: false)),
            parameter("on", "Whether a toggle or switch is on (\(onState)).", boolean(default: false)),
            parameter("shape", "The outline of a button or toggle (\(withIcon)).",
                      choice(RenderSpec.ShapeKind.self, default: defaults.shape)),
            parameter("size", "Side of a circular button or toggle, in points.",
                      number(in: RenderSpec.Limits.side,
                             default: RenderSpec.defaultFrame(for: .button, shape: .circle).width)),
            parameter("width", "Frame width in points (not for circles). Default: " + frameDefaults(\.width) + ".", side),
            parameter("height", "Frame height in points (not for circles). Default: " + frameDefaults(\.height) + ".", side),
            parameter("radius", "Corner radius in points, clamped to half the smaller side (rounded shapes). Default: "
                          + frameDefaults(\.radius, shapes: [.rounded]) + ".",
                      number(in: RenderSpec.Limits.radius)),
            parameter("depth", "How far a well sinks (well only).", choice(RenderSpec.Depth.self, default: defaults.depth)),
            parameter("knob", "Extra width of a switch's knob beyond its height, in points; at most width - height.",
                      number(in: RenderSpec.Limits.knob, default: defaults.knob)),
            parameter("padding", "Inset of a switch's knob in points; less than half the height.",
                      number(in: RenderSpec.Limits.padding, default: defaults.padding)),
            parameter("icon", "The icon at the centre of a button or toggle.",
                      choice(RenderSpec.Icon.self, default: defaults.icon)),
            parameter("label", "Text drawn in place of the icon, without control characters.",
                      .object(["type": .string("string"), "minLength": .integer(1),
                               "maxLength": .integer(RenderSpec.Limits.maxLabelCharacters)])),
            parameter("scale", "Pixels per point; the image stays within \(RenderSpec.Limits.maxSide) pixels a side "
                          + "and \(RenderSpec.Limits.maxPixels) pixels in all.",
                      number(in: RenderSpec.Limits.scale, default: defaults.scale)),
            parameter("margin", "Points of canvas around the frame. Default: enough to hold every shadow ("
                          + marginDefaults + ").",
                      number(in: RenderSpec.Limits.margin)),
            parameter("background", "What covers the image behind the component: the style's own background, "
                          + "nothing (an alpha channel), or an opaque hex colour rrggbb.",
                      .object(["type": .string("string"), "pattern": .string("^(style|transparent|#?[0-9A-Fa-f]{6})$"),
                               "default": .string("style"),
                               "examples": .array([.string("style"), .string("transparent"), .string("e0e5ec")])])),
            parameter("format", "The image format.", choice(RenderSpec.Format.self, default: defaults.format)),
            parameter("textsize", "The label's Dynamic Type size (body style: "
                          + RenderSpec.TextSize.allCases.map { "\($0.rawValue) \(plain($0.pointSize))" }.joined(separator: ", ")
                          + " points). With a label the frame grows to hold it; width and height become minimums; "
                          + "at ax1-ax5 a label wider than the requested width wraps and the control grows taller.",
                      choice(RenderSpec.TextSize.self, default: defaults.textSize)),
            parameter("contrast", "high draws the style's accessible variant (stronger outline, label colour, state "
                          + "change), as docs/ACCESSIBILITY.md lists.",
                      choice(RenderSpec.Contrast.self, default: defaults.contrast)),
            parameter("simulate", "Shows the image as a viewer with low vision or a colour-vision deficiency sees it "
                          + "(Machado, Oliveira and Fernandes 2009, severity 1, on linear RGB; achromatopsia is luminance only).",
                      choice(RenderSpec.Simulation.self, default: defaults.simulation)),
        ]
    }

    private static func parameter(_ name: String, _ description: String, _ schema: JSONValue) -> JSONValue {
        .object(["name": .string(name), "in": .string("query"), "required": .bool(false),
                 "description": .string(description), "schema": schema])
    }

    private static func choice<Choice: CaseIterable & RawRepresentable<String>>(
        _ type: Choice.Type, default value: Choice
    ) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(Choice.allCases.map { .string($0.rawValue) }),
                 "default": .string(value.rawValue)])
    }

    private static func boolean(default value: Bool) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(["true", "false", "1", "0"].map(JSONValue.string)),
                 "default": .string(value ? "true" : "false")])
    }

    private static func number(in range: ClosedRange<Double>, default value: Double? = nil) -> JSONValue {
        .object(["type": .string("number"), "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound),
                 "default": value.map(JSONValue.number)])
    }

    /// "button, toggle: 80 (rounded), 160 (capsule); switch: 170; …" for one field of the default frames.
    private static func frameDefaults(
        _ field: KeyPath<(width: Double, height: Double, radius: Double), Double>,
        shapes: [RenderSpec.ShapeKind] = [.rounded, .capsule]
    ) -> String {
        RenderSpec.Component.allCases.map { component in
            let values: [String] = component.showsIcon
                ? shapes.map { "\(plain(RenderSpec.defaultFrame(for: component, shape: $0)[keyPath: field])) (\($0.rawValue))" }
                : [plain(RenderSpec.defaultFrame(for: component, shape: .rounded)[keyPath: field])]
            return component.rawValue + " " + values.joined(separator: ", ")
        }
        .joined(separator: "; ")
    }

    /// "40, or 16 for a soft well, a soft switch".
    private static var marginDefaults: String {
        var byValue: [(value: Double, cases: [String])] = []
        for component in RenderSpec.Component.allCases {
            for style in RenderSpec.Style.allCases {
                let value = RenderSpec.defaultMargin(for: component, style: style)
                if let index = byValue.firstIndex(where: { $0.value == value }) {
                    byValue[index].cases.append("a \(style.rawValue) \(component.rawValue)")
                } else {
                    byValue.append((value, ["a \(style.rawValue) \(component.rawValue)"]))
                }
            }
        }
        byValue.sort { $0.cases.count > $1.cases.count }
        return byValue.enumerated().map { index, group in
            index == 0 ? plain(group.value) : "\(plain(group.value)) for " + group.cases.joined(separator: ", ")
        }
        .joined(separator: ", or ")
    }

    /// `80` rather than `80.0`.
    private static func plain(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }

    private static let problemSchema: JSONValue = .object([
        "type": .string("object"),
        "description": .string("RFC 9457 problem details; parameter and allowed are present for a refused query."),
        "required": .array(["type", "title", "status", "detail"].map(JSONValue.string)),
        "properties": .object([
            "type": .object(["type": .string("string"), "format": .string("uri-reference")]),
            "title": .object(["type": .string("string")]),
            "status": .object(["type": .string("integer")]),
            "detail": .object(["type": .string("string")]),
            "parameter": .object(["type": .string("string"), "description": .string("The parameter at fault.")]),
            "allowed": .object(["type": .string("string"), "description": .string("What that parameter accepts.")]),
        ]),
    ])

    private static func problem(_ description: String, extra: [JSONValue.Member] = []) -> JSONValue {
        .object([
            "description": .string(description),
            "content": .object([.init(name: ProblemDetails.mediaType, value: .object([
                "schema": .object(["$ref": .string("#/components/schemas/Problem")]),
            ]))] + extra),
        ])
    }

    private static let pngContent = JSONValue.object([
        "schema": .object(["type": .string("string"), "contentMediaType": .string("image/png")]),
    ])

    private static func header(_ description: String) -> JSONValue {
        .object(["description": .string(description), "schema": .object(["type": .string("string")])])
    }

    private static var renderOperation: JSONValue {
        .object([
            "summary": .string("Render a component as a PNG"),
            "description": .string(
                "GET and HEAD. Every parameter is optional; an unknown parameter, an unknown value or a number out "
                    + "of range is refused with 400, naming the parameter and what it accepts. A parameter that does "
                    + "not apply to the component is checked, then ignored."),
            "operationId": .string("render"),
            "parameters": .array(renderParameters),
            "responses": .object([
                "200": .object([
                    "description": .string("The image."),
                    "headers": .object([
                        "ETag": header("A strong tag computed from the renderer version and the canonical query."),
                        "Cache-Control": header("public, max-age=31536000, immutable"),
                        "Server-Timing": header("render;dur and encode;dur in ms (of the render that made the image), and cache;desc=hit or miss."),
                    ]),
                    "content": .object(["image/png": pngContent]),
                ]),
                "304": .object(["description": .string("The If-None-Match tag is current; no body.")]),
                "400": problem(
                    "The query was refused. A client whose Accept ranks image/* above */* (an <img>) gets a PNG "
                        + "stating the problem instead (Vary: Accept).",
                    extra: [.init(name: "image/png", value: pngContent)]),
                "503": problem("Too many renders at once; retry after the Retry-After seconds."),
                "500": problem("The render failed."),
            ]),
        ])
    }

    private static var auditOperation: JSONValue {
        let threshold: JSONValue = .object([
            "type": .string("object"),
            "properties": .object([
                "required": .object(["type": .string("number")]),
                "level": .object(["type": .string("string"), "enum": .array([.string("AA"), .string("AAA")])]),
                "criterion": .object(["type": .string("string"), "description": .string("The WCAG 2.2 success criterion.")]),
                "pass": .object(["type": .string("boolean")]),
            ]),
        ])
        let check: JSONValue = .object([
            "type": .string("object"),
            "required": .array(["id", "required", "level", "pass", "detail"].map(JSONValue.string)),
            "properties": .object([
                "id": .object(["type": .string("string"),
                               "enum": .array(["label-contrast", "control-contrast", "state-contrast", "target-size"]
                                   .map(JSONValue.string))]),
                "ratio": .object(["type": .string("number"), "description": .string("The contrast measured, 1 to 21.")]),
                "size": .object(["type": .string("object"), "description": .string("target-size: the frame in points."),
                                 "properties": .object(["width": .object(["type": .string("number")]),
                                                        "height": .object(["type": .string("number")])])]),
                "required": .object(["type": .string("number"), "description": .string("The AA threshold.")]),
                "level": .object(["type": .string("string"), "enum": .array([.string("AA")])]),
                "criterion": .object(["type": .string("string")]),
                "pass": .object(["type": .string("boolean"), "description": .string("Whether the AA threshold is met.")]),
                "enhanced": threshold,
                "detail": .object(["type": .string("string"), "description": .string("What was measured, in words.")]),
                "suggestion": .object(["type": .string("string"),
                                       "description": .string("A parameter change that would do better, when there is one.")]),
                "fix": .object([
                    "type": .string("array"),
                    "description": .string("The suggestion as query parameters, present with it: give each value "
                                           + "(replacing the query's own) to get the suggested render."),
                    "items": .object([
                        "type": .string("object"),
                        "required": .array(["parameter", "value"].map(JSONValue.string)),
                        "properties": .object([
                            "parameter": .object(["type": .string("string"),
                                                  "examples": .array(["contrast", "size", "width", "height"].map(JSONValue.string))]),
                            "value": .object(["type": .string("string"),
                                              "description": .string("As a query spells it, e.g. high or 44.")]),
                        ]),
                    ]),
                ]),
            ]),
        ])
        return .object([
            "summary": .string("Check a render's accessibility, measured on its pixels"),
            "description": .string(
                "Takes exactly the /render parameters and refuses the same queries. Measures label, control and "
                    + "state contrast (WCAG 1.4.3, 1.4.6, 1.4.11) and the target size (2.5.8, 2.5.5) on the rendered "
                    + "pixels, after any simulate. Cached like images."),
            "operationId": .string("audit"),
            "parameters": .array(renderParameters),
            "responses": .object([
                "200": .object([
                    "description": .string("The checks that apply to the component."),
                    "content": .object(["application/json": .object(["schema": .object([
                        "type": .string("object"),
                        "required": .array(["query", "checks", "pass"].map(JSONValue.string)),
                        "properties": .object([
                            "query": .object(["type": .string("string"), "description": .string("The canonical query.")]),
                            "checks": .object(["type": .string("array"), "items": check]),
                            "pass": .object(["type": .string("boolean"), "description": .string("Every check passes AA.")]),
                        ]),
                    ])])]),
                ]),
                "304": .object(["description": .string("The If-None-Match tag is current; no body.")]),
                "400": problem("The query was refused, as on /render."),
                "503": problem("Too many renders at once; retry after the Retry-After seconds."),
                "500": problem("The render failed."),
            ]),
        ])
    }

    private static let healthOperation: JSONValue = .object([
        "summary": .string("Whether the service can render"),
        "operationId": .string("health"),
        "responses": .object([
            "200": .object(["description": .string("A test render succeeded."),
                            "content": .object(["text/plain": .object(["example": .string("ok\n")])])]),
            "503": .object(["description": .string("The test render failed or has not finished yet.")]),
        ]),
    ])

    private static let metricsOperation: JSONValue = .object([
        "summary": .string("Counters in the Prometheus text format 0.0.4"),
        "operationId": .string("metrics"),
        "responses": .object([
            "200": .object(["description": .string("Requests, render and encode times, cache, queue and connections."),
                            "content": .object([.init(name: ServiceMetrics.contentType, value: .object([:]))])]),
        ]),
    ])

    private static let openAPIOperation: JSONValue = .object([
        "summary": .string("This document"),
        "operationId": .string("openapi"),
        "responses": .object([
            "200": .object(["description": .string("OpenAPI 3.1"), "content": .object(["application/json": .object([:])])]),
        ]),
    ])
}
