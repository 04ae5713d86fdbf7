import Foundation
import Testing

@testable import ReliefService

@Suite("Signed URLs")
struct URLSigningTests {
    static let keys: [[UInt8]] = [Array("current-key".utf8), Array("previous-key".utf8)]

    private func signedApplication(render: CountingRender = CountingRender()) -> ReliefApplication {
        var configuration = ReliefApplication.Configuration()
        configuration.publicDirectory = ""
        configuration.urlSigner = URLSigner(keys: Self.keys)
        return ReliefApplication(configuration: configuration, render: render.function)
    }

    private static func bytes(hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    /// RFC 4231's test cases 1, 2, 3 and 6 (a key longer than SHA-256's block).
    @Test(arguments: [
        (
            [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            [UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            [UInt8](repeating: 0xAA, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func hmacMatchesRFC4231(key: [UInt8], message: [UInt8], digest: String) {
        #expect(URLSigner.hmacSHA256(key: key, message: message) == Self.bytes(hex: digest))
    }

    @Test func aSignatureIsTheBase64URLOfTheHMACOfPathQuestionMarkQuery() {
        // RFC 4231 case 2, whose message is "what do ya want for nothing?": a path and an empty query.
        let signature = URLSigner.signature(path: "what do ya want for nothing", query: "", key: Array("Jefe".utf8))
        #expect(signature == "W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM")
        #expect(
            URLSigner(keys: Self.keys).signed(path: "/render", query: "style=dark")
                == "/render?style=dark&sig=" + URLSigner.signature(path: "/render", query: "style=dark", key: Self.keys[0]))
    }

    /// A key of bytes that text decoding would change or split: spaces at both ends, NUL, VT, FF, a
    /// lone CR, NEL (0x85), invalid UTF-8, U+2028 (a line separator in UTF-8), other control bytes.
    static let binaryKey: [UInt8] = [
        0x20, 0x00, 0x0B, 0x0C, 0x0D, 0x85, 0xFF, 0xC3, 0x28, 0xE2, 0x80, 0xA8, 0x09, 0x1C,
        0x1D, 0x1E, 0x7F, 0x20,
    ]
    /// A key file of `binaryKey`, an empty line, a CRLF empty line and a key ending in CRLF.
    static let binaryKeyFile: [UInt8] =
        binaryKey + [0x0A, 0x0A, 0x0D, 0x0A] + Array("second-key-of-the-file".utf8) + [0x0D, 0x0A]

    @Test func aKeyFileHoldsOneKeyOfRawBytesPerLineEndingInLineFeed() {
        let keys = URLSigner.keys(inKeyFile: Self.binaryKeyFile)
        #expect(keys.map(\.key) == [Self.binaryKey, Array("second-key-of-the-file".utf8)])
        #expect(keys.map(\.lineNumber) == [1, 4])
        // Without a line break at the end, and a CR that does not end its line.
        #expect(URLSigner.keys(inKeyFile: Array("a\rb\r\r\nlast".utf8)).map(\.key) == [Array("a\rb\r".utf8), Array("last".utf8)])
    }

    @Test func randomKeysWithoutALineFeedAreReadBackWhole() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            // 32 random bytes with neither a LF nor a CR at the end, the two bytes a line's end may hold.
            var key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }.map { $0 == 0x0A ? 0x0B : $0 }
            if key[31] == 0x0D { key[31] = 0x0E }
            let read = URLSigner.keys(inKeyFile: key + [0x0A] + key + [0x0D, 0x0A])
            #expect(read.map(\.key) == [key, key], "\(key)")
        }
    }

    @Test func aKeyFileWithAKeyTooShortNoKeyOrTooManyBytesIsRefusedSayingWhy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        /// The refusal of a key file of `contents`, after the file's path.
        func refusal(_ contents: [UInt8], _ name: String) -> String {
            let path = directory.path + "/" + name
            do {
                try directory.write(contents, to: name)
                _ = try URLSigner(keyFile: path)
                return "accepted"
            } catch {
                return "\(error)".replacingOccurrences(of: path, with: name)
            }
        }
        #expect(
            refusal(Array("a-long-enough-key-0123\n\n0123456789abcde\r\n".utf8), "short.keys")
                .hasPrefix("the key on line 3 of the key file short.keys has 15 of the 16 bytes a key needs at least"))
        #expect(
            refusal(Array("\n\r\n\n".utf8), "empty.keys") == "the key file empty.keys holds no key (one key per non-empty line)")
        #expect(
            refusal([UInt8](repeating: 0x41, count: URLSigner.maximumKeyFileBytes + 1), "huge.keys")
                .hasPrefix("the key file huge.keys is larger than 65536 bytes"))
        #expect(throws: URLSigner.KeyFileError.self) { try URLSigner(keyFile: directory.path + "/missing.keys") }
        try directory.write(Self.binaryKeyFile, to: "binary.keys")
        let binary = try URLSigner(keyFile: directory.path + "/binary.keys")
        #expect(binary.keys == URLSigner.keys(inKeyFile: Self.binaryKeyFile).map(\.key))
        // Exactly the minimum is enough.
        try directory.write([UInt8](repeating: 0x00, count: URLSigner.minimumKeyBytes), to: "minimum.keys")
        #expect(try URLSigner(keyFile: directory.path + "/minimum.keys").keys == [[UInt8](repeating: 0x00, count: 16)])
    }

    @Test func aValidSignatureRendersAndStaysOutOfTheCacheKey() async {
        let render = CountingRender()
        let app = signedApplication(render: render)
        let signed = URLSigner(keys: Self.keys).signed(path: "/render", query: "style=dark&size=40")
        let response = await app.response(signed)
        #expect(response.status == 200, "\(response.bodyText)")
        // CountingRender draws the canonical query: sig reached neither the parser nor the key.
        #expect(response.bodyText.contains("size=40") && !response.bodyText.contains("sig"), "\(response.bodyText)")
        #expect(app.cache.keysByRecency.allSatisfy { !$0.contains("sig") })
        #expect(await app.response(signed).header("Server-Timing")?.contains("cache;desc=hit") == true)
    }

    @Test func anyKeyOfTheFileVerifies() async {
        let app = signedApplication()
        let signedWithPrevious = URLSigner(keys: [Self.keys[1]]).signed(path: "/render", query: "style=soft")
        #expect(await app.response(signedWithPrevious).status == 200)
        let signedWithAnother = URLSigner(keys: [Array("unknown".utf8)]).signed(path: "/render", query: "style=soft")
        #expect(await app.response(signedWithAnother).status == 403)
    }

    @Test func auditsAreSignedLikeRenders() async {
        let app = signedApplication()
        #expect(await app.response("/audit?style=dark").status == 403)
        let signed = URLSigner(keys: Self.keys).signed(path: "/audit", query: "style=dark")
        #expect(await app.response(signed).status != 403)
        // A signature made for /render does not open /audit.
        let forRender = URLSigner(keys: Self.keys).signed(path: "/render", query: "style=dark")
        #expect(await app.response("/audit?" + forRender.split(separator: "?")[1]).status == 403)
    }

    @Test(arguments: [
        ("/render?style=dark", "missing", "urn:relief:problem:signature-required"),
        ("/render", "missing", "urn:relief:problem:signature-required"),
        ("/render?style=dark&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "invalid", "urn:relief:problem:signature-invalid"),
        ("/render?style=dark&sig=", "invalid", "urn:relief:problem:signature-invalid"),
    ])
    func aMissingOrWrongSignatureIs403ProblemJSON(target: String, reason: String, type: String) async throws {
        let app = signedApplication()
        let response = await app.response(target)
        #expect(response.status == 403)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.jsonObject?["type"] as? String == type)
        #expect(response.jsonObject?["parameter"] as? String == "sig")
        let metrics = await app.response("/metrics").bodyText
        #expect(metrics.contains("relief_signature_refusals_total{reason=\"\(reason)\"} 1\n"), "\(metrics)")
        #expect(metrics.contains("relief_http_requests_total{route=\"render\",status=\"403\"} 1\n"), "\(metrics)")
    }

    @Test func aTamperedQueryIsRefused() async {
        let app = signedApplication()
        let signed = URLSigner(keys: Self.keys).signed(path: "/render", query: "style=dark&size=40")
        for tampered in [
            signed.replacingOccurrences(of: "size=40", with: "size=41"),
            signed.replacingOccurrences(of: "/render", with: "/audit"),
            signed.replacingOccurrences(of: "style=dark&", with: "style=dark&pressed=true&"),
            String(signed.dropLast()) + (signed.last == "A" ? "B" : "A"),
        ] {
            #expect(await app.response(tampered).status == 403, "\(tampered)")
        }
    }

    @Test func aSignatureThatIsNotLastIsRefused() async {
        let app = signedApplication()
        let signed = URLSigner(keys: Self.keys).signed(path: "/render", query: "style=dark")
        let signature = String(signed.split(separator: "&").last!)
        for target in ["/render?\(signature)&style=dark", "/render?style=dark&\(signature)&\(signature)"] {
            let response = await app.response(target)
            #expect(response.status == 403, "\(target)")
        }
        let metrics = await app.response("/metrics").bodyText
        #expect(metrics.contains("relief_signature_refusals_total{reason=\"misplaced\"} 2\n"), "\(metrics)")
    }

    @Test func healthMetricsOpenAPIAndFilesStayOpen() async throws {
        let app = signedApplication()
        for target in ["/healthz", "/metrics", "/openapi.json", "/describe"] {
            #expect(await app.response(target).status == 200, "\(target)")
        }
        // Files are not signed: a missing one is 404, not 403.
        #expect(await app.response("/index.html").status == 404)
        let document = try #require(await app.response("/openapi.json").jsonObject)
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        for path in ["/render", "/audit"] {
            let requirement = try #require(paths[path]?["get"]?["x-relief-signature"] as? [String: Any])
            #expect(requirement["required"] as? Bool == true)
            #expect((paths[path]?["get"]?["responses"] as? [String: Any])?["403"] != nil)
        }
        #expect(paths["/healthz"]?["get"]?["x-relief-signature"] == nil)
    }

    @Test func withoutSigningATrailingSignatureIsIgnoredAndTheDocumentSaysNothing() async throws {
        let render = CountingRender()
        let app = ReliefApplication.forTesting(render: render.function)
        #expect(await app.response("/render?style=dark&sig=anything").status == 200)
        #expect(await app.response("/render?style=dark").header("Server-Timing")?.contains("cache;desc=hit") == true)
        #expect(render.count == 1)
        // Not last: an unknown parameter, as before.
        #expect(await app.response("/render?sig=x&style=dark").status == 400)
        let document = try #require(await app.response("/openapi.json").jsonObject)
        let render200 = (document["paths"] as? [String: [String: [String: Any]]])?["/render"]?["get"]
        #expect(render200?["x-relief-signature"] == nil)
    }
}
