import Foundation
import ReliefAudit
import ReliefScreen
import ReliefSpec
import Testing

@testable import ReliefService

/// A decoded JSON document whose kinds stay apart: a boolean is not a number, as JSON Schema has it.
enum JSONDocument: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONDocument].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONDocument].self))
        }
    }

    init(_ bytes: [UInt8]) throws {
        self = try JSONDecoder().decode(JSONDocument.self, from: Data(bytes))
    }

    subscript(_ name: String) -> JSONDocument? {
        if case .object(let members) = self { members[name] } else { nil }
    }

    /// The document at `path`, member by member.
    func at(_ path: String...) -> JSONDocument? {
        path.reduce(self) { $0?[$1] }
    }
}

/// The places where `value` breaks `schema`, for the part of JSON Schema 2020-12 the service's
/// schemas use (`JSONShape`); a keyword outside it is reported too, so a schema that outgrows this
/// checker fails instead of passing unchecked.
func violations(of schema: JSONDocument, by value: JSONDocument, at path: String = "$") -> [String] {
    guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
    var found: [String] = []
    for (keyword, argument) in keywords.sorted(by: { $0.key < $1.key }) {
        switch (keyword, argument, value) {
        case ("description", _, _), ("title", _, _), ("format", _, _):
            // Annotations: JSON Schema 2020-12 asserts no format unless told to.
            break
        case ("type", .string(let type), _):
            let matches =
                switch (type, value) {
                case ("object", .object), ("array", .array), ("string", .string), ("number", .number), ("boolean", .bool): true
                case ("integer", .number(let number)): number == number.rounded()
                default: false
                }
            if !matches { found.append("\(path): not of type \(type): \(value)") }
        case ("enum", .array(let allowed), _):
            if !allowed.contains(value) { found.append("\(path): \(value) is not one of \(allowed)") }
        case ("const", _, _):
            if value != argument { found.append("\(path): \(value) is not \(argument)") }
        case ("oneOf", .array(let choices), _):
            let met = choices.filter { violations(of: $0, by: value, at: path).isEmpty }.count
            if met != 1 { found.append("\(path): \(value) meets \(met) of the oneOf schemas, not exactly one") }
        case ("anyOf", .array(let choices), _):
            if !choices.contains(where: { violations(of: $0, by: value, at: path).isEmpty }) {
                found.append("\(path): \(value) meets none of the anyOf schemas")
            }
        case ("minimum", .number(let bound), .number(let number)):
            if number < bound { found.append("\(path): \(number) is below the minimum \(bound)") }
        case ("maximum", .number(let bound), .number(let number)):
            if number > bound { found.append("\(path): \(number) is above the maximum \(bound)") }
        case ("minimum", .number, _), ("maximum", .number, _):
            break
        case ("items", _, .array(let elements)):
            for (index, element) in elements.enumerated() {
                found += violations(of: argument, by: element, at: "\(path)[\(index)]")
            }
        case ("items", _, _):
            break
        case ("required", .array(let names), .object(let members)):
            for case .string(let name) in names where members[name] == nil {
                found.append("\(path): \(name) is missing")
            }
        case ("properties", .object(let properties), .object(let members)):
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] { found += violations(of: property, by: member, at: "\(path).\(name)") }
            }
        case ("additionalProperties", .bool(false), .object(let members)):
            let declared =
                schema["properties"].flatMap { if case .object(let properties) = $0 { properties } else { nil } } ?? [:]
            for name in members.keys.sorted() where declared[name] == nil {
                found.append("\(path): \(name) is not a property the schema declares")
            }
        case ("required", .array, _), ("properties", .object, _), ("additionalProperties", .bool(false), _):
            break
        default:
            found.append("\(path): the keyword \(keyword) with \(argument) is not one this checker knows")
        }
    }
    return found
}

@Suite("/audit against its schema in /openapi.json")
struct AuditSchemaTests {
    /// Every component in two styles, and the queries that bring out each optional member: suggestions
    /// of contrast=high, of a tone of the query's colour or accent, of a larger target; an
    /// animation's note; a simulation; the high-contrast variant; each appearance of scheme=auto.
    static let queries =
        RenderSpec.ComponentKind.allCases.flatMap { component in
            ["light", "colorful"].map { "component=\(component.rawValue)&style=\($0)" }
        } + [
            "style=light&color=2a3f66",
            "style=colorful&pressed=true&accent=9ad0ff",
            "style=soft&color=808080",
            "shape=rounded&width=20&height=20&icon=none",
            "component=switch&style=soft&on=true",
            "animate=true&style=dark",
            "style=colorful&simulate=lowvision",
            "style=dark&contrast=high&label=Save",
            "component=checkbox&on=true&label=Go&format=svg&scheme=auto",
        ]

    /// Screens that bring out each check a screen adds and each member naming an element: small
    /// targets that crowd each other and one that is clear, a text and an icon, an animated screen
    /// and one seen with low vision; and one with nothing to check.
    static let screens = [
        ("source=" + ScreenSource.encode(ScreenAuditRouteTests.player)),
        "source=" + ScreenSource.encode("HStack(spacing: 10) {\n    Button(size: 20)\n    Toggle(size: 20)\n}") + "&animate=true",
        "source=" + ScreenSource.encode("VStack {\n    Text(\"Hi\")\n    Image(icon: .bell)\n}")
            + "&style=dark&simulate=lowvision",
        "source=" + ScreenSource.encode("VStack {\n    Spacer()\n    Divider()\n}"),
    ]

    static let app = ReliefApplication.forTesting()

    /// The schema of a 200 answer of `/audit`, as `/openapi.json` serves it.
    static func auditSchema() async throws -> JSONDocument {
        let document = try JSONDocument(await app.response("/openapi.json").body)
        return try #require(document.at("paths", "/audit", "get", "responses", "200", "content", "application/json", "schema"))
    }

    /// The shapes of its answer: a component's audit, then a screen's.
    static func alternatives() async throws -> (component: JSONDocument, screen: JSONDocument) {
        guard case .array(let shapes)? = try await auditSchema()["anyOf"], shapes.count == 2 else {
            throw SchemaError.notTwoAlternatives
        }
        return (shapes[0], shapes[1])
    }

    enum SchemaError: Error { case notTwoAlternatives }

    static func answer(_ query: String) async throws -> JSONDocument {
        let response = await app.response("/audit?" + query)
        try #require(response.status == 200, "\(query): \(response.bodyText)")
        return try JSONDocument(response.body)
    }

    @Test func everyAnswerMeetsThePublishedSchema() async throws {
        let schema = try await Self.auditSchema()
        let (component, screen) = try await Self.alternatives()
        var seen: Set<String> = []
        for (query, isScreen) in Self.queries.map({ ($0, false) }) + Self.screens.map({ ($0, true) }) {
            let answer = try await Self.answer(query)
            #expect(violations(of: schema, by: answer) == [], "\(query)")
            // Each is its own kind of answer: a component's checks name no element, a screen's each name one.
            let checks: [JSONDocument] = if case .array(let checks)? = answer["checks"] { checks } else { [] }
            if !checks.isEmpty {
                #expect(violations(of: isScreen ? screen : component, by: answer) == [], "\(query)")
                #expect(!violations(of: isScreen ? component : screen, by: answer).isEmpty, "\(query)")
            }
            seen.formUnion(Self.memberPaths(answer))
        }
        // The answers hold every check and every optional member, so each part of the schema was used.
        for id in AccessibilityAudit.CheckID.allCases {
            #expect(seen.contains("checks.id=\(id.rawValue)"), "\(id)")
        }
        for member in [
            "note", "checks.appearance", "checks.part", "checks.ratio", "checks.size", "checks.enhanced", "checks.suggestion",
            "checks.fix", "checks.element", "checks.line", "checks.column", "checks.spacing", "checks.neighbour",
        ] {
            #expect(seen.contains(member), "\(member)")
        }
    }

    /// The members an answer has, as `checks.ratio`, and its check ids as `checks.id=target-size`.
    static func memberPaths(_ answer: JSONDocument) -> Set<String> {
        guard case .object(let members) = answer, case .array(let checks)? = answer["checks"] else { return [] }
        var paths = Set(members.keys)
        for case .object(let check) in checks {
            paths.formUnion(check.keys.map { "checks." + $0 })
            if case .string(let id)? = check["id"] { paths.insert("checks.id=" + id) }
        }
        return paths
    }

    /// A scheme=auto query is audited picture by picture: each appearance's checks are those of the
    /// fixed query in that appearance's style and contrast, each naming its appearance.
    @Test func schemeAutoAuditsEachAppearance() async throws {
        let answer = try await Self.answer("component=switch&on=true&format=svg&scheme=auto")
        guard case .array(let checks)? = answer["checks"] else {
            Issue.record("no checks")
            return
        }
        let pictures: [(name: String, query: String)] = [
            ("light", "component=switch&on=true"), ("dark", "component=switch&on=true&style=dark"),
            ("light-high", "component=switch&on=true&contrast=high"),
            ("dark-high", "component=switch&on=true&style=dark&contrast=high"),
        ]
        var expected: [JSONDocument] = []
        for (name, query) in pictures {
            guard case .array(let own)? = try await Self.answer(query)["checks"] else {
                Issue.record("no checks for \(query)")
                return
            }
            expected += own.map { check in
                guard case .object(var members) = check else { return check }
                members["appearance"] = .string(name)
                return .object(members)
            }
        }
        #expect(checks == expected)
        let fixed = try await Self.answer("component=switch&on=true&format=svg")
        #expect(!Self.memberPaths(fixed).contains("checks.appearance"))
    }

    @Test func theSchemaNamesEveryCheckWithItsTitle() async throws {
        let (component, screen) = try await Self.alternatives()
        for shape in [component, screen] {
            let id = try #require(shape.at("properties", "checks", "items", "properties", "id", "oneOf"))
            #expect(
                id
                    == .array(
                        AccessibilityAudit.CheckID.allCases.map {
                            .object(["const": .string($0.rawValue), "title": .string($0.title)])
                        }))
        }
    }

    /// A screen's check must name its element where it starts: a whole line and column from 1.
    @Test func aScreensCheckWithoutItsPlaceBreaksTheSchema() async throws {
        let schema = try await Self.auditSchema()
        let answer = try await Self.answer(Self.screens[0])
        guard case .object(var audit) = answer, case .array(var checks)? = audit["checks"],
            case .object(var first)? = checks.first
        else { Issue.record("no checks in \(answer)"); return }
        #expect(violations(of: schema, by: answer) == [])
        for (member, value) in [("line", nil), ("line", .number(0)), ("column", .number(2.5)), ("element", .number(1))]
            as [(String, JSONDocument?)]
        {
            let kept = first[member]
            first[member] = value
            checks[0] = .object(first)
            audit["checks"] = .array(checks)
            #expect(!violations(of: schema, by: .object(audit)).isEmpty, "\(member): \(String(describing: value))")
            first[member] = kept
        }
    }

    /// The checker is not a formality: each change to a real answer that the schema rules out is found.
    @Test func answersThatBreakTheSchemaAreFound() async throws {
        let schema = try await Self.auditSchema()
        let component = try await Self.alternatives().component
        let answer = try await Self.answer("style=light")
        guard case .object(var audit) = answer, case .array(let checks)? = audit["checks"],
            case .object(let first)? = checks.first
        else { Issue.record("no checks in \(answer)"); return }
        func changed(_ change: (inout [String: JSONDocument]) -> Void) -> JSONDocument {
            var check = first
            change(&check)
            var changedChecks = checks
            changedChecks[0] = .object(check)
            var changedAudit = audit
            changedAudit["checks"] = .array(changedChecks)
            return .object(changedAudit)
        }
        let broken: [String: JSONDocument] = [
            "an unknown id": changed { $0["id"] = .string("edge-contrast") },
            "a ratio as text": changed { $0["ratio"] = .string("2.51") },
            "a ratio below 1": changed { $0["ratio"] = .number(0.5) },
            "a level of A": changed { $0["level"] = .string("A") },
            "no detail": changed { $0["detail"] = nil },
            "a pass of 1": changed { $0["pass"] = .number(1) },
            "a member of its own": changed { $0["colour"] = .string("red") },
            "a fix of another parameter": changed {
                $0["fix"] = .array([.object(["parameter": .string("colour"), "value": .string("red")])])
            },
        ]
        for (what, document) in broken {
            #expect(!violations(of: schema, by: document).isEmpty, "\(what)")
        }
        audit["pass"] = nil
        #expect(violations(of: component, by: .object(audit)) == ["$: pass is missing"])
        #expect(!violations(of: schema, by: .object(audit)).isEmpty)
    }
}
