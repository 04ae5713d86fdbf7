import Foundation
import ReliefHTTPServer
import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefService

/// Request-derived text in problem documents, problem images and log lines: control and bidi format
/// characters are escaped by each format's one helper.
@Suite("Escaping of control and bidi characters")
struct EscapingTests {
    /// Unicode's Bidi_Control characters.
    static let bidiControls: [Unicode.Scalar] = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
        0x2066, 0x2067, 0x2068, 0x2069,
    ].map { Unicode.Scalar($0)! }

    /// Whether `text` holds a control or bidi format character.
    static func holdsUnsafeCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.isBidiControl }
    }

    @Test(arguments: bidiControls)
    func messageTextEscapesEachBidiControl(scalar: Unicode.Scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        #expect(MessageText.escaped("a\(scalar)b") == "a\\u{\(hex)}b")
        #expect(MessageText.quoted("\(scalar)") == "\"\\u{\(hex)}\"")
    }

    @Test func messageTextStillEscapesControlsAndLeavesOtherTextAlone() {
        #expect(MessageText.escaped("a\u{1}\u{9F}\"\\") == "a\\u{1}\\u{9F}\\\"\\\\")
        #expect(MessageText.escaped("שלום مرحبا é") == "שלום مرحبا é")
    }

    @Test(arguments: bidiControls)
    func logTextEscapesEachBidiControlWithFourDigits(scalar: Unicode.Scalar) {
        let hex = String(scalar.value, radix: 16)
        let escaped = LogText.escaped("a\(scalar)b")
        #expect(escaped == "a\\u" + String(repeating: "0", count: 4 - hex.count) + hex + "b")
        #expect(!Self.holdsUnsafeCharacter(escaped))
    }

    @Test func logTextStillEscapesControlsSpacesAndBackslashes() {
        #expect(LogText.escaped("a b\u{1}\\\u{85}") == "a\\x20b\\x01\\x5c\\x85")
        #expect(LogText.escaped("/render?label=é") == "/render?label=é")
    }

    @Test(arguments: bidiControls)
    func jsonEscapesEachBidiControlAndReadsBackTheSame(scalar: Unicode.Scalar) throws {
        let text = "evil\(scalar)txt\u{85}"
        let bytes = JSONValue.object(["detail": .string(text)]).serialized()
        let written = String(decoding: bytes, as: UTF8.self)
        #expect(!Self.holdsUnsafeCharacter(written), "\(written)")
        let hex = String(scalar.value, radix: 16)
        #expect(written.contains("\\u" + String(repeating: "0", count: 4 - hex.count) + hex))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: String])
        #expect(decoded["detail"] == text)
    }

    @Test func anUnknownParameterWithARightToLeftOverrideIsEscapedInTheProblem() async throws {
        let app = ReliefApplication.forTesting(render: CountingRender().function)
        let response = await app.response("/render?%E2%80%AEevil=1")
        #expect(response.status == 400)
        // Not even the bytes of U+202E are in the body.
        #expect(!response.bodyText.unicodeScalars.contains { $0.properties.isBidiControl })
        let problem = try #require(response.jsonObject)
        let parameter = try #require(problem["parameter"] as? String)
        let detail = try #require(problem["detail"] as? String)
        #expect(parameter == "\\u{202E}evil")
        #expect(detail.contains("\"\\u{202E}evil\""))
        #expect(!Self.holdsUnsafeCharacter(parameter) && !Self.holdsUnsafeCharacter(detail))
    }

    @Test func theProblemImageIsDrawnFromEscapedText() throws {
        // The image draws the heading (status, title, parameter), the detail and what is allowed.
        do {
            _ = try RenderSpec.parse(query: "%E2%80%AEevil=1&style=%E2%81%A6dark")
            Issue.record("the query was accepted")
        } catch {
            let problem = ProblemDetails(error)
            for text in [problem.title, problem.detail, problem.parameter ?? "", problem.allowed ?? ""] {
                #expect(!Self.holdsUnsafeCharacter(text), "\(text)")
            }
            #expect(try ProblemImage().draw(problem).count > 100)
        }
    }

    @Test func aPathWithBidiControlsIsEscapedInThe404() async throws {
        let app = ReliefApplication.forTesting()
        let response = await app.response("/%E2%80%AEfile")
        let detail = try #require(response.jsonObject?["detail"] as? String)
        #expect(!Self.holdsUnsafeCharacter(detail))
        let raw = await app.response("/\u{202E}file")
        #expect(!raw.bodyText.unicodeScalars.contains { $0.properties.isBidiControl }, "\(raw.bodyText)")
    }

    @Test(arguments: AccessLog.Format.allCases)
    func accessLogLinesEscapeControlAndBidiCharacters(format: AccessLog.Format) {
        let entry = AccessLogEntry(
            method: "G\u{202E}T", target: "/a\u{202E}b\u{1}\n", status: 404, bodyBytes: 1,
            duration: .zero, remoteAddress: "127.0.0.1")
        let line = AccessLog.line(for: entry, format: format)
        #expect(line.hasSuffix("\n") && line.dropLast().allSatisfy { $0 != "\n" }, "\(line)")
        #expect(!Self.holdsUnsafeCharacter(String(line.dropLast())), "\(line)")
    }
}
