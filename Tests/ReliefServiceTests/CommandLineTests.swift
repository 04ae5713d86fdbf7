import Foundation
import ReliefPNG
import ReliefSpec
import Testing

@testable import ReliefService

@Test func renderWritesAPNGOfTheRequestedSize() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("relief-cli-\(UUID()).png")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runRelief(["render", "style=colorful&pressed=true&scale=2", "-o", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: file)))
    // The colorful ring casts its shadows 2 points past the frame: 80 + 2 × 42 points, at scale 2.
    #expect(image.width == 328 && image.height == 328)
}

/// A file has no hurry: it is the smallest encoding, the one the service swaps in for a query asked again.
@Test func renderWritesTheAnimationTheRouteAnswersOnceAskedAgain() async throws {
    let query = "component=toggle&style=colorful&on=true&animate=true&fps=12"
    let result = try runRelief(["render", query, "-o", "-"])
    #expect(result.status == 0, "\(result.stderr)")
    let smallest = try ReliefApplication.standardRender(RenderSpec.parse(query: query), .smallest, .unsupervised)
    #expect([UInt8](result.stdout) == smallest.bytes)
    let first = await ReliefApplication.forTesting().response("/render?" + query)
    #expect(try PNGDecoder.decode(first.body).rgba == PNGDecoder.decode([UInt8](result.stdout)).rgba)
}

@Test func renderWritesToStandardOutput() throws {
    let result = try runRelief(["render", "component=well&style=soft", "-o", "-"])
    #expect(result.status == 0)
    let image = try PNGDecoder.decode([UInt8](result.stdout))
    #expect(image.width == 170 + 2 * 16 && image.height == 60 + 2 * 16)
}

@Test(arguments: [
    ("size=2000", "size", "16 to 1024"),
    ("style=neon", "style", "light, dark, colorful, soft"),
    ("colour=red", "colour", "component, style"),
    ("label=", "label", "1 to 64"),
    ("scale=4&size=1024&margin=256", "scale", "4096"),
    ("size=1e3", "size", "number"),
])
func badQueriesFailWithOneLineNamingTheParameter(query: String, parameter: String, allowed: String) throws {
    let result = try runRelief(["render", query, "-o", "/dev/null"])
    #expect(result.status != 0)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(result.stderr.contains("\(parameter):"))
    #expect(result.stderr.contains(allowed))
}

@Test func missingArgumentsPrintUsage() throws {
    let result = try runRelief(["render"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("usage: relief render"))
}

@Test func galleryListsEveryShowcasePictureAsTabSeparatedLines() throws {
    let result = try runRelief(["gallery"])
    #expect(result.status == 0)
    let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == Showcase.pictures.count)
    for (line, picture) in zip(lines, Showcase.pictures) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        #expect(
            fields == [
                picture.style.rawValue, picture.name, picture.query,
                picture.group.title + ": " + picture.entry.caption,
            ])
    }
}

@Test(arguments: [("svg", "<?xml"), ("css", "/* Relief: "), ("html", "<!doctype html>"), ("swift", "// Relief: "), ("json", "{")])
func renderTakesTheFormatFromTheFileExtension(fileExtension: String, start: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("relief-cli-\(UUID()).\(fileExtension)")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runRelief(["render", "component=toggle&style=dark", "-o", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix(start))
}

@Test func theQuerysFormatWinsOverTheFileExtension() throws {
    let result = try runRelief(["render", "format=css", "-o", "-"])
    #expect(result.status == 0 && String(decoding: result.stdout, as: UTF8.self).hasPrefix("/* Relief: "))
    let png = FileManager.default.temporaryDirectory.appendingPathComponent("relief-cli-\(UUID()).svg")
    defer { try? FileManager.default.removeItem(at: png) }
    #expect(try runRelief(["render", "format=png", "-o", png.path]).status == 0)
    #expect(try PNGDecoder.decode([UInt8](Data(contentsOf: png))).width == 160)
}

@Test func renderScreenTakesTheFormatFromTheFileExtensionWhereTheQueryNamesNone() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relief-cli-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let layout = folder.appendingPathComponent("player.layout")
    try "HStack {\n    Button(icon: .play)\n}\n".write(to: layout, atomically: true, encoding: .utf8)
    let svg = folder.appendingPathComponent("player.svg")
    let fromExtension = try runRelief(["render-screen", layout.path, "-o", svg.path])
    #expect(fromExtension.status == 0, "\(fromExtension.stderr)")
    #expect(try String(contentsOf: svg, encoding: .utf8).hasPrefix("<?xml"))
    // The query's format wins, also written as a URL's query with its `?`.
    let named = folder.appendingPathComponent("named.svg")
    let fromQuery = try runRelief(["render-screen", layout.path, "-o", named.path, "--query", "?format=css"])
    #expect(fromQuery.status == 0, "\(fromQuery.stderr)")
    #expect(try String(contentsOf: named, encoding: .utf8).hasPrefix("/* Relief: "))
}

@Test func problemFilesWritesTheUnavailableProblemAsJSONAndAsAnImage() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relief-problems-\(UUID())/nested")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let result = try runRelief(["problem-files", folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("unavailable.json")))
    let problem = try #require(json as? [String: Any])
    #expect(problem["status"] as? Int == 503)
    #expect(problem["type"] as? String == "urn:relief:problem:unavailable")
    let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent("unavailable.png"))))
    #expect(image.width > 0 && image.height > 0)
}

@Test func problemFilesWithoutADirectoryPrintsUsage() throws {
    let result = try runRelief(["problem-files"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("usage: relief problem-files DIR"))
}

@Test(arguments: [
    (["render", "component=checkbox&checked=true", "-o", "/dev/null"], "relief render: checked: unknown parameter", "on"),
    (["render", "presed=true", "-o", "/dev/null"], "relief render: presed: unknown parameter", "pressed"),
    (["rendr", "style=dark"], "relief: unknown command 'rendr'", "render"),
    (["render-scren", "layout.txt"], "relief: unknown command 'render-scren'", "render-screen"),
    (["render", "style=dark", "--ouput", "x.png"], "relief render: unknown option '--ouput'", "--output"),
    (["render-screen", "layout.txt", "--qeury", "style=dark"], "relief render-screen: unknown option '--qeury'", "--query"),
    (["audit", "style=dark", "--scren", "x"], "relief audit: unknown option '--scren'", "--screen"),
    (["serve", "--prot", "80"], "relief serve: unknown option '--prot'", "--port"),
    (["serve", "--cache-mib=64"], "relief serve: unknown option '--cache-mib'", "--cache-mb"),
])
func anUnknownNameOnTheCommandLineIsAnsweredWithTheNameMeant(arguments: [String], message: String, meant: String) throws {
    let result = try runRelief(arguments)
    #expect(result.status == 2)
    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix(message), "\(result.stderr)")
    #expect(first.hasSuffix("; did you mean `\(meant)`?"), "\(result.stderr)")
}

@Test func anUnknownArgumentInALayoutIsAnsweredWithTheLabelMeantAndItsPlace() throws {
    let layout = FileManager.default.temporaryDirectory.appendingPathComponent("relief-cli-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: layout) }
    try "VStack {\n    Toggle(\"A\", checked: true)\n}\n".write(to: layout, atomically: true, encoding: .utf8)
    let result = try runRelief(["render-screen", layout.path, "-o", "/dev/null"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("relief render-screen: line 2, column 17: found the argument `checked:` of Toggle"))
    #expect(result.stderr.hasSuffix("; did you mean `isOn`?\n"), "\(result.stderr)")
}

@Test func aCommandFarFromEveryOneGetsNoSuggestion() throws {
    let result = try runRelief(["frobnicate"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("relief: unknown command 'frobnicate'\n"), "\(result.stderr)")
}
