import ReliefHTTPServer
import ReliefRender
import ReliefSpec

extension ReliefApplication {
    /// Lays out the scenes `/describe` and the gallery in `/openapi.json` describe; draws nothing.
    static let describingRenderer = Renderer()

    /// The cache key of a description: its canonical query behind a prefix no other key starts with.
    static func descriptionKey(canonicalQuery: String) -> String {
        "describe?" + canonicalQuery
    }

    /// `/describe`: the alt text and size in points of a `/render` query's image, as JSON, so a
    /// page places the image before it has it and never words it itself. Refused queries get the
    /// same `400` as on `/render`; answers are cached like renders.
    func respondToDescribe(_ request: HTTPRequest, reply: @escaping Reply) {
        // Laid out on a worker: shaping text may load a font, which the event loop must not wait for.
        respondWithJSON(request, key: Self.descriptionKey, stage: "describe", costing: RenderCost.description, reply: reply) {
            spec, _ in try Self.describingRenderer.imageDescription(for: spec).json.serialized(indent: 2)
        }
    }
}

extension ImageDescription {
    /// `{"alt": …, "width": …, "height": …, "picture": "<picture>…"}` and, for `scheme=auto`, `"appearances": [{"name":
    /// "dark", "style": "dark", "query": …}, …]`: the shape ``OpenAPIDocument`` publishes.
    var json: JSONValue {
        let pictures: JSONValue? =
            appearances.isEmpty
            ? nil
            : .array(
                appearances.map { appearance in
                    .object([
                        "name": .string(appearance.name), "style": .string(appearance.spec.look.style.rawValue),
                        "query": .string(appearance.spec.canonicalQuery),
                    ])
                })
        return .object([
            "alt": .string(alt), "width": .integer(width), "height": .integer(height), "appearances": pictures,
            "picture": picture.map(JSONValue.string),
        ])
    }
}
