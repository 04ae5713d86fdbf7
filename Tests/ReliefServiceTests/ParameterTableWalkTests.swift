import Foundation
import ReliefSpec
import Testing

@testable import ReliefService

/// Walks the parameter table and follows each parameter from the query to the cache key and to
/// `/openapi.json`, where the playground reads it (Tests/browser checks the control it then shows).
@Suite("Every parameter, end to end")
struct ParameterTableWalkTests {
    /// The `/render` operation of the served document.
    static var operation: [String: Any] {
        let document = try? JSONSerialization.jsonObject(with: Data(OpenAPIDocument.withoutSigning.json)) as? [String: Any]
        let paths = document?["paths"] as? [String: Any]
        return (paths?["/render"] as? [String: Any])?["get"] as? [String: Any] ?? [:]
    }

    /// The published parameters by name.
    static var published: [String: [String: Any]] {
        let parameters = operation["parameters"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: parameters.map { ($0["name"] as? String ?? "", $0) })
    }

    static let label = "Go"

    /// Name–value pairs that make `condition` hold, with what makes each of those parameters
    /// apply: one list for each way the condition can hold.
    static func witnesses(_ condition: ParameterCondition) -> [[(name: String, value: String)]] {
        switch condition {
        case let .value(name, values): values.flatMap { witnesses(name, $0) }
        case let .given(name, isGiven): isGiven ? witnesses(name, label) : [[]]
        case let .all(conditions):
            conditions.map(witnesses).reduce([[]]) { ways, next in
                ways.flatMap { way in next.map { merged(way, $0) } }
            }
        case let .any(conditions): conditions.flatMap(witnesses)
        }
    }

    private static func witnesses(_ name: String, _ value: String) -> [[(name: String, value: String)]] {
        let applies = RenderSpec.parameters.first { $0.name == name }?.applies ?? .always
        return witnesses(applies).map { merged(merged($0, needs(name, value)), [(name, value)]) }
    }

    /// What a value needs beside it to parse at all: scheme=auto a format that adapts to the
    /// viewer's appearance.
    static func needs(_ name: String, _ value: String) -> [(name: String, value: String)] {
        name == "scheme" && value == RenderSpec.Scheme.auto.rawValue ? [("format", "svg")] : []
    }

    /// The pairs of both lists, each name once (its first value).
    private static func merged(
        _ first: [(name: String, value: String)], _ second: [(name: String, value: String)]
    ) -> [(name: String, value: String)] {
        var seen: Set<String> = []
        return (first + second).filter { seen.insert($0.name).inserted }
    }

    /// Values to try as valid ones, in canonical spelling; the first the query accepts is used.
    static func validCandidates(of parameter: QueryParameter) -> [String] {
        switch parameter.schema {
        case .choice(let choices): choices.filter { $0 != parameter.defaults.last?.value } + choices
        case .boolean: ["true"]
        // The whole number in the middle fits where each component narrows the range (from's 0...5
        // to a segment of 1...3).
        case .number(let range):
            [range.lowerBound, range.upperBound, ((range.lowerBound + range.upperBound) / 2).rounded()].map(DecimalText.format)
        case .wholeNumber(let range): [range.lowerBound, range.upperBound].map(String.init)
        // Commas as the canonical query writes them; every count, as one may have to match another
        // parameter's (labels, one a tab).
        case .list(.choice(let choices), let count): count.map { choices.prefix($0).joined(separator: "%2C") }
        case .list(_, let count): count.map { Array(repeating: label, count: $0).joined(separator: "%2C") }
        case .text: [label]
        case .languageTag: ["zh-Hant"]
        case .colour: ["336699"]
        case .direction(let points, _): points.map { String($0.degrees) }.filter { $0 != parameter.defaults.last?.value }
        }
    }

    /// A value outside what the parameter takes.
    static func invalidValue(of parameter: QueryParameter) -> String {
        switch parameter.schema {
        case .choice: "unknown"
        case .boolean: "yes"
        case .number(let range): DecimalText.format(range.upperBound + 1)
        case .wholeNumber(let range): String(range.upperBound + 1)
        case .list: "one"
        case .text: ""
        case .languageTag: "??"
        case .colour: "red"
        case .direction: "north"
        }
    }

    /// A condition as `/openapi.json` writes it, read back.
    static func condition(_ json: Any?) -> ParameterCondition? {
        guard let object = json as? [String: Any] else { return nil }
        if let parts = object["all"] as? [Any] { return .all(parts.compactMap(condition)) }
        if let parts = object["any"] as? [Any] { return .any(parts.compactMap(condition)) }
        guard let name = object["parameter"] as? String else { return nil }
        if let values = object["in"] as? [String] { return .value(of: name, in: values) }
        return (object["given"] as? Bool).map { .given(name, $0) }
    }

    @Test(arguments: RenderSpec.parameterNames)
    func parsedCanonicalAndPublished(name: String) throws {
        let parameter = try #require(RenderSpec.parameters.first { $0.name == name })
        let query = { (context: [(name: String, value: String)], value: String) in
            (context + Self.needs(name, value) + [(name, value)]).map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        }

        // In some context where it applies, a valid value is stored and the canonical query names it.
        let contexts = Self.witnesses(parameter.applies)
        let tries = contexts.flatMap { context in Self.validCandidates(of: parameter).map { query(context, $0) } }
        let stored = tries.first { attempt in
            let pair = Substring(attempt.split(separator: "&").last ?? "")
            return (try? RenderSpec.parse(query: attempt))?.canonicalQuery.split(separator: "&").contains(pair) == true
        }
        #expect(stored != nil, "no valid value of \(name) reaches the canonical query: \(tries)")

        // An invalid one is refused, naming the parameter and what it takes.
        let invalid = Self.invalidValue(of: parameter)
        do {
            _ = try RenderSpec.parse(query: query(contexts[0], invalid))
            Issue.record("\(name)=\(invalid) was accepted")
        } catch {
            #expect(error.parameter == name)
            #expect(error.allowed == parameter.allowed)
            #expect(error.detail.hasPrefix("\(name) must be \(parameter.allowed); got \"\(invalid)\""))
        }

        // The document publishes the same values, defaults and rules.
        let entry = try #require(Self.published[name])
        let schema = try #require(entry["schema"] as? [String: Any])
        switch parameter.schema {
        case .choice(let choices):
            #expect(schema["enum"] as? [String] == choices)
        case .boolean:
            #expect(schema["type"] as? String == "boolean")
            let spellings = try #require(schema["x-relief-spellings"] as? [String: Bool])
            #expect(spellings == Dictionary(uniqueKeysWithValues: ValueSchema.booleanSpellings.map { ($0.text, $0.value) }))
        case .number(let range):
            #expect(schema["minimum"] as? Double == range.lowerBound)
            #expect(schema["maximum"] as? Double == range.upperBound)
        case .wholeNumber(let range):
            #expect(schema["type"] as? String == "integer")
            #expect(schema["minimum"] as? Int == range.lowerBound)
            #expect(schema["maximum"] as? Int == range.upperBound)
        case .list(_, let count):
            let list = try #require(schema["x-relief-list"] as? [String: Any])
            #expect(list["minItems"] as? Int == count.lowerBound)
            #expect(list["maxItems"] as? Int == count.upperBound)
            #expect(list["separator"] as? String == ",")
        case .text(let maxLength):
            #expect(schema["maxLength"] as? Int == maxLength)
        case .languageTag:
            #expect(schema["maxLength"] as? Int == RenderSpec.Limits.maxLanguageTagCharacters)
        case .colour(let keywords):
            let branches = try #require(schema["anyOf"] as? [[String: Any]])
            #expect(branches.contains { $0["enum"] as? [String] == keywords })
            #expect(branches.contains { $0["format"] as? String == "color" })
        case let .direction(points, degrees):
            let branches = try #require(schema["anyOf"] as? [[String: Any]])
            let names = try #require(branches.first { $0["enum"] != nil })
            #expect(names["enum"] as? [String] == points.map(\.name))
            #expect(
                names["x-relief-degrees"] as? [String: Int]
                    == Dictionary(uniqueKeysWithValues: points.map { ($0.name, $0.degrees) }))
            #expect(
                branches.contains {
                    $0["type"] as? String == "integer" && $0["minimum"] as? Int == degrees.lowerBound
                        && $0["maximum"] as? Int == degrees.upperBound
                })
        }
        if parameter.defaults.count == 1 {
            let value = parameter.defaults[0].value
            let published = schema["default"]
            #expect(
                (published as? String) == value || (published as? Double).map(DecimalText.format) == value
                    || (parameter.schema == .boolean && (published as? Bool).map { String($0) } == value))
        } else {
            #expect(schema["default"] == nil)
        }
        let defaults = entry["x-relief-defaults"] as? [[String: Any]] ?? []
        #expect(defaults.compactMap { $0["value"] as? String } == parameter.defaults.map(\.value))
        #expect(defaults.map { Self.condition($0["when"]) ?? .always } == parameter.defaults.map(\.condition))
        #expect((Self.condition(entry["x-relief-applies"]) ?? .always) == parameter.applies)
        #expect((Self.condition(entry["x-relief-left-out-at-default"]) ?? .never) == parameter.isLeftOutAtDefault)
        #expect(entry["x-relief-label"] as? String == parameter.presentation.label)
        #expect(entry["x-relief-group"] as? String == parameter.presentation.group.rawValue)
        #expect(entry["x-relief-unit"] as? String == parameter.presentation.unit)
        #expect(entry["x-relief-slider-step"] as? Double == parameter.presentation.sliderStep)
        let labels = entry["x-relief-value-labels"] as? [String: String] ?? [:]
        #expect(labels == Dictionary(uniqueKeysWithValues: parameter.presentation.valueLabels.map { ($0.value, $0.label) }))
    }

    @Test func theGalleryIsTheShowcase() throws {
        let gallery = try #require(Self.operation["x-relief-gallery"] as? [String: Any])
        #expect(gallery["scale"] as? Double == Showcase.scale)
        #expect(gallery["styles"] as? [String] == Showcase.styles.map(\.rawValue))
        let groups = try #require(gallery["groups"] as? [[String: Any]])
        #expect(groups.map { $0["title"] as? String } == Showcase.groups.map(\.title))
        for (published, group) in zip(groups, Showcase.groups) {
            let entries = try #require(published["entries"] as? [[String: Any]])
            #expect(entries.map { $0["name"] as? String } == group.entries.map(\.name))
            #expect(
                entries.map { "\($0["component"] as? String ?? "")|\($0["state"] as? String ?? "")" }
                    == group.entries.map { "\($0.component.rawValue)|\($0.state)" })
        }
    }

    @Test func theFormGroupsComeInOrder() throws {
        let groups = try #require(Self.operation["x-relief-groups"] as? [[String: String]])
        #expect(groups.map { $0["id"] } == ParameterGroup.allCases.map(\.rawValue))
        #expect(groups.map { $0["legend"] } == ParameterGroup.allCases.map(\.legend))
    }

    /// The format's table tells a client each format's media type and which formats take scheme=auto.
    @Test func theFormatsSayTheirMediaTypeAndWhetherTheyAdapt() throws {
        let format = try #require(Self.published["format"])
        let mediaTypes = try #require(format["x-relief-media-types"] as? [String: String])
        #expect(mediaTypes == Dictionary(uniqueKeysWithValues: RenderSpec.Format.allCases.map { ($0.rawValue, $0.mediaType) }))
        let adapting = try #require(format["x-relief-adapting-formats"] as? [String])
        #expect(adapting == ["svg", "css", "html", "swiftui"])
        for name in adapting {
            #expect(throws: Never.self) { try RenderSpec.parse(query: "scheme=auto&format=\(name)") }
        }
    }
}
