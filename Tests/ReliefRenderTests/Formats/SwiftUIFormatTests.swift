import Foundation
import ReliefRender
import ReliefSpec
import Testing

/// `format=swiftui`: Swift that parses (SwiftUI itself is not on Linux, so `swiftc -parse`), and
/// that reads as the articles write their recipes.
@Suite("SwiftUI format")
struct SwiftUIFormatTests {
    static func code(_ query: String) throws -> String {
        String(decoding: try Renderer().file(for: RenderSpec.parse(query: query + "&format=swiftui")).bytes, as: UTF8.self)
    }

    /// Every component in every state and style of the gallery, the samples (labels in other
    /// scripts, high contrast, the switch's own words) and each component with `scheme=auto`, in one
    /// `swiftc -parse`.
    @Test func everyComponentAndStyleParses() throws {
        try SVGFormatTests.withWorkFolder { work in
            // And each component as one scheme=auto file holding its four appearances.
            let adapting = RenderSpec.ComponentKind.allCases.map { kind in
                FormatCase(name: "auto-" + kind.rawValue, query: "component=\(kind.rawValue)&scheme=auto", style: .light)
            }
            let cases = FormatCase.gallery + FormatCase.samples + adapting
            let files = try cases.map { formatCase in
                let file = work.appendingPathComponent(formatCase.name.replacing("-", with: "_") + ".swift")
                try Data(Self.code(formatCase.query).utf8).write(to: file)
                return file
            }
            let (status, output) = try Self.run(Self.swiftc(), ["-parse"] + files.map(\.path))
            #expect(status == 0 && output.isEmpty, "swiftc -parse: \(output)")
        }
    }

    /// The second article's finished colorful background, pressed, line for line: the same
    /// modifiers with the same values, the colours by the article's names.
    @Test func theColorfulPressedChainReadsAsTheArticles() throws {
        let code = try Self.code("style=colorful&pressed=true")
        let pressed = """
                        if isHighlighted {
                            shape
                                .fill(LinearGradient(Color.lightEnd, Color.lightStart))
                                .overlay(shape.stroke(LinearGradient(Color.lightStart, Color.lightEnd), lineWidth: 4))
                                .shadow(color: Color.darkStart, radius: 10, x: 5, y: 5)
                                .shadow(color: Color.darkEnd, radius: 10, x: -5, y: -5)
                        } else {
                            shape
                                .fill(LinearGradient(Color.darkStart, Color.darkEnd))
                                .overlay(shape.stroke(LinearGradient(Color.lightStart, Color.lightEnd), lineWidth: 4))
                                .shadow(color: Color.darkStart, radius: 10, x: -10, y: -10)
                                .shadow(color: Color.darkEnd, radius: 10, x: 10, y: 10)
                        }
            """
        #expect(code.contains(pressed), "\(code)")
        #expect(code.contains("static let lightStart = Color(red: 60 / 255, green: 160 / 255, blue: 240 / 255)"))
        #expect(code.contains(".background(ReliefBackground1(isHighlighted: configuration.isPressed, shape: Circle()))"))
    }

    /// Seed 004's toggle: the knob between spacers that the state adds, over the deep well and the
    /// words, the query's state the initial one.
    @Test func theSwitchIsSeed004sCustomToggle() throws {
        let code = try Self.code("component=switch&style=soft&on=true")
        #expect(code.contains("@State var isToggled = true"))
        let knobRow =
            #/if isToggled \{\n\s+Spacer\(\)\n\s+\}\n\s+RoundedRectangle\(cornerRadius: 30\)\n\s+\.fill\(Color\.mainColor\)/#
        #expect(code.contains(knobRow))
        #expect(code.contains(".onTapGesture {"))
    }

    @Test func colorsTheArticlesDoNotNameAreWrittenOut() throws {
        let code = try Self.code("style=light&color=5b8def")
        #expect(code.contains("Color(red: 91 / 255, green: 141 / 255, blue: 239 / 255)"))
        #expect(!code.contains("Color.offWhite"))
    }

    @Test func labelsAreSwiftStringLiterals() throws {
        let code = try Self.code("shape=capsule&label=%22Hi%22%20%5C(x)%20%E2%80%8F%D7%A9")
        #expect(code.contains(#"Text("\"Hi\" \\(x) \u{200F}ש")"#), "\(code)")
    }

    static func swiftc() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        let found = candidates.map { URL(fileURLWithPath: $0).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "swiftc was not found on PATH or in /opt/swift/usr/bin")
    }

    /// The exit status and the standard output and error of `executable` run with `arguments`.
    static func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
