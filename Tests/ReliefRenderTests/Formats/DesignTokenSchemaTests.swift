import Foundation
import PNGFileSupport
import ReliefRender
import ReliefScreen
import ReliefSpec
import Testing

/// Every `format=json` answer is valid against the Design Tokens Community Group's own JSON Schema
/// of its format 2025.10 (`Tests/schemas/dtcg-2025.10`), as Python's `jsonschema` reads it: every
/// component of the gallery in every style and state, the format samples (colours, light, scripts,
/// text sizes, high contrast, scales), extreme colours and light, and every screen the tests draw. Runs
/// where the project's virtual environment exists (`make test` makes it first).
@Suite("Design tokens against the DTCG 2025.10 schema", .enabled(if: ProjectPython.executable != nil))
struct DesignTokenSchemaTests {
    /// Registers every schema file under its `$id`, validates each answer against `format.json` and
    /// prints, for each invalid one, its name and the most relevant error; exits 1 if any is invalid.
    static let validator = """
        import json, pathlib, sys
        from jsonschema import Draft7Validator
        from jsonschema.exceptions import best_match
        from referencing import Registry, Resource
        schemas = pathlib.Path(sys.argv[1])
        contents = [json.loads(path.read_text()) for path in sorted(schemas.rglob("*.json"))]
        registry = Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in contents)
        root = next(schema for schema in contents if schema["$id"].endswith("/2025.10/format.json"))
        validator = Draft7Validator(root, registry=registry)
        invalid = 0
        for answer in sys.argv[2:]:
            error = best_match(validator.iter_errors(json.loads(pathlib.Path(answer).read_text())))
            if error is not None:
                invalid += 1
                where = "/".join(str(part) for part in error.absolute_path)
                print(f"{pathlib.Path(answer).name}: at /{where}: {error.message[:400]}")
        print(f"{len(sys.argv) - 2 - invalid} valid, {invalid} invalid")
        sys.exit(1 if invalid else 0)
        """

    /// The schema as the repository carries it.
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("schemas/dtcg-2025.10")

    /// Components beyond the format cases: each kind in each style on white with high contrast, and
    /// on black lit from the bottom right with the strongest shading and no shadow offset or blur.
    static let extremes: [(name: String, query: String)] = RenderSpec.ComponentKind.allCases.flatMap { kind in
        RenderSpec.Style.allCases.flatMap { style in
            [
                ("white-high", "color=ffffff&contrast=high&on=true"),
                ("black-extreme", "color=000000&light=135&intensity=0.6&distance=0&blur=0&pressed=true"),
            ].map { name, query in
                ("\(style.rawValue)-\(kind.rawValue)-\(name)", "component=\(kind.rawValue)&style=\(style.rawValue)&" + query)
            }
        }
    }

    /// Each screen case, the gallery's screens as it draws them, and one of every component in each
    /// style.
    static func screenRequests() throws -> [(name: String, request: ScreenRequest)] {
        let components = try ScreenCase(
            name: "components", layout: .file("components"), query: "", style: .soft
        ).layoutText()
        let cases = try ScreenCase.all.map { ($0.name, try $0.request(.json)) }
        // Without `simulate`, which only pixels can show.
        let gallery = try ScreenShowcase.entries.flatMap { entry in
            try entry.pictures.enumerated().map { index, picture in
                let query = picture.query.split(separator: "&").filter { !$0.hasPrefix("simulate=") }.joined(separator: "&")
                return ("\(entry.name)-\(index + 1)", try request(entry.layout, query))
            }
        }
        let styles = try RenderSpec.Style.allCases.map { style in
            (
                "components-\(style.rawValue)",
                try request(components.replacing(".style(.soft)", with: ""), "style=\(style.rawValue)")
            )
        }
        return cases + gallery + styles
    }

    static func request(_ layout: String, _ query: String) throws -> ScreenRequest {
        let source = QuerySettings.query([(ScreenRequest.sourceName, ScreenSource.encode(layout))])
        return try ScreenRequest.parse(query: [source, query, "format=json"].filter { !$0.isEmpty }.joined(separator: "&"))
    }

    @Test func everyAnswerIsValid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtcg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = Renderer()
        var files: [String] = []
        func write(_ name: String, _ bytes: [UInt8]) throws {
            let file = folder.appendingPathComponent(name + ".json")
            try Data(bytes).write(to: file)
            files.append(file.path)
        }
        let components = (FormatCase.gallery + FormatCase.samples).map { ($0.name, $0.query) } + Self.extremes
        for (name, query) in components {
            try write(name, renderer.file(for: RenderSpec.parse(query: query + "&format=json")).bytes)
        }
        for (name, request) in try Self.screenRequests() {
            try write("screen-" + name, renderer.file(for: request).bytes)
        }

        let python = try #require(ProjectPython.executable)
        let (status, printed) = try SwiftUIFormatTests.run(python, ["-c", Self.validator, Self.schemas.path] + files)
        #expect(status == 0, "\(printed)")
        #expect(printed.hasSuffix("\(files.count) valid, 0 invalid\n"), "\(printed)")
    }
}
