import ReliefRender

/// How values of one type are written as JSON, and the JSON Schema of what is written, made from one
/// description: the schema `/openapi.json` publishes is the encoder's own, so the two cannot drift.
///
/// The schemas use a small part of JSON Schema 2020-12 (the dialect of OpenAPI 3.1): `type`,
/// `description`, `enum`, `oneOf` of `const`s with a `title`, `minimum` and `maximum`, `items`, and
/// objects' `properties`, `required` and `additionalProperties: false`. A route whose answer takes one
/// of several shapes publishes the `anyOf` of their schemas.
struct JSONShape<Value>: Sendable {
    /// The JSON Schema every value ``json(_:)`` writes meets.
    let schema: JSONValue
    private let write: @Sendable (Value) -> JSONValue

    init(schema: JSONValue, write: @escaping @Sendable (Value) -> JSONValue) {
        self.schema = schema
        self.write = write
    }

    /// `value` as JSON.
    func json(_ value: Value) -> JSONValue {
        write(value)
    }

    /// A schema of `type` with the given keywords after it, those without a value left out.
    private static func schema(_ type: String, description: String?, _ keywords: [JSONValue.Member] = []) -> JSONValue {
        .object(
            [.init(name: "type", value: .string(type))]
                + (description.map { [.init(name: "description", value: .string($0))] } ?? []) + keywords)
    }

    /// An array of `element`'s values.
    static func array<Element>(of element: JSONShape<Element>, description: String? = nil) -> Self where Value == [Element] {
        JSONShape(schema: schema("array", description: description, [.init(name: "items", value: element.schema)])) {
            .array($0.map(element.json))
        }
    }

    /// An object of `properties`, in their order, and no others.
    static func object(description: String? = nil, _ properties: [JSONProperty<Value>]) -> Self {
        let required = properties.filter(\.isRequired).map { JSONValue.string($0.name) }
        return JSONShape(
            schema: schema(
                "object", description: description,
                [
                    .init(name: "required", value: .array(required)),
                    .init(name: "properties", value: .object(properties.map { .init(name: $0.name, value: $0.schema) })),
                    .init(name: "additionalProperties", value: .bool(false)),
                ])
        ) { value in
            .object(properties.compactMap { property in property.json(value).map { .init(name: property.name, value: $0) } })
        }
    }
}

extension JSONShape where Value == String {
    /// A string; with `allowed`, one of those.
    static func string(description: String? = nil, allowed: [String]? = nil) -> Self {
        let choices = allowed.map { [JSONValue.Member(name: "enum", value: .array($0.map(JSONValue.string)))] } ?? []
        return JSONShape(schema: schema("string", description: description, choices)) { .string($0) }
    }
}

extension JSONShape where Value == Double {
    /// A number, from `minimum` to `maximum` where they are given.
    static func number(description: String? = nil, minimum: Double? = nil, maximum: Double? = nil) -> Self {
        let bounds = [("minimum", minimum), ("maximum", maximum)].compactMap { name, bound in
            bound.map { JSONValue.Member(name: name, value: .number($0)) }
        }
        return JSONShape(schema: schema("number", description: description, bounds)) { .number($0) }
    }
}

extension JSONShape where Value == Int {
    /// A whole number, from `minimum` where it is given.
    static func integer(description: String? = nil, minimum: Int? = nil) -> Self {
        let bound = minimum.map { [JSONValue.Member(name: "minimum", value: .integer($0))] } ?? []
        return JSONShape(schema: schema("integer", description: description, bound)) { .integer($0) }
    }
}

extension JSONShape where Value == Bool {
    static func boolean(description: String? = nil) -> Self {
        JSONShape(schema: schema("boolean", description: description)) { .bool($0) }
    }
}

extension JSONShape where Value: RawRepresentable<String> & CaseIterable & Sendable {
    /// One of the cases, written as its raw value: a plain `enum`, or with `title`, a `oneOf` that
    /// names each case for people.
    static func cases(description: String? = nil, title: (@Sendable (Value) -> String)? = nil) -> Self {
        let choices: JSONValue.Member =
            if let title {
                .init(
                    name: "oneOf",
                    value: .array(Value.allCases.map { .object(["const": .string($0.rawValue), "title": .string(title($0))]) }))
            } else {
                .init(name: "enum", value: .array(Value.allCases.map { .string($0.rawValue) }))
            }
        return JSONShape(schema: schema("string", description: description, [choices])) { .string($0.rawValue) }
    }
}

/// One member of an object's ``JSONShape``: its name, whether every value has it, and how it is read
/// from the object and written.
struct JSONProperty<Owner>: Sendable {
    let name: String
    let isRequired: Bool
    let schema: JSONValue
    /// The member's JSON, or nil where the object has none.
    let json: @Sendable (Owner) -> JSONValue?

    /// A member every object has: `member` of it, written as `shape` writes it.
    static func always<Member>(
        _ name: String, _ shape: JSONShape<Member>,
        _ member: @escaping @Sendable (Owner) -> Member
    ) -> Self {
        JSONProperty(name: name, isRequired: true, schema: shape.schema) { shape.json(member($0)) }
    }

    /// This member as one of an `Outer` object that holds its owner at `owner`: the members of a part
    /// written beside the whole's own.
    func reading<Outer>(_ owner: @escaping @Sendable (Outer) -> Owner) -> JSONProperty<Outer> {
        let json = json
        return JSONProperty<Outer>(name: name, isRequired: isRequired, schema: schema) { json(owner($0)) }
    }

    /// A member only the objects have for which `member` gives a value.
    static func whereGiven<Member>(
        _ name: String, _ shape: JSONShape<Member>,
        _ member: @escaping @Sendable (Owner) -> Member?
    ) -> Self {
        JSONProperty(name: name, isRequired: false, schema: shape.schema) { member($0).map(shape.json) }
    }
}

extension JSONValue {
    /// An object's members; none for other values.
    var members: [Member] {
        if case .object(let members) = self { members } else { [] }
    }
}
