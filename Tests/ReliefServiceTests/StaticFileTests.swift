import Foundation
import Testing

@testable import ReliefService

@Suite("Files of the public directory")
struct StaticFileTests {
    /// A public directory inside a parent that also holds a secret the server must never give out.
    private func withPublicDirectory(_ body: (ReliefApplication, String) async throws -> Void) async throws {
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        try parent.write("secret", to: "secret.txt")
        let root = parent.path + "/Public"
        let files = [
            "index.html": "<!doctype html><title>t</title>", "style.css": "body{}", "app.js": "1", "data.json": "{}",
            "icon.svg": "<svg/>", "favicon.ico": "ico", "notes.txt": "n", "site.webmanifest": "{}", "image.png": "png",
            "other.bin": "b", "sub/index.html": "sub", ".hidden": "h", "with space.txt": "s",
        ]
        for (name, text) in files {
            try parent.write(text, to: "Public/" + name)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: parent.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/alias.css", withDestinationPath: "style.css")
        try await body(ReliefApplication.forTesting(publicDirectory: root), root)
    }

    @Test func contentTypesFollowTheExtension() async throws {
        try await withPublicDirectory { app, _ in
            let expected = [
                "/": "text/html; charset=utf-8", "/index.html": "text/html; charset=utf-8",
                "/style.css": "text/css; charset=utf-8", "/app.js": "text/javascript; charset=utf-8",
                "/data.json": "application/json", "/icon.svg": "image/svg+xml", "/favicon.ico": "image/vnd.microsoft.icon",
                "/notes.txt": "text/plain; charset=utf-8", "/site.webmanifest": "application/manifest+json",
                "/image.png": "image/png", "/other.bin": "application/octet-stream", "/sub/": "text/html; charset=utf-8",
                "/with%20space.txt": "text/plain; charset=utf-8", "/alias.css": "text/css; charset=utf-8",
            ]
            for (path, type) in expected {
                let response = await app.response(path)
                #expect(response.status == 200, "\(path)")
                #expect(response.header("Content-Type") == type, "\(path)")
                #expect(response.header("Cache-Control") == "no-cache")
                #expect(response.header("X-Content-Type-Options") == "nosniff")
            }
            #expect(await app.response("/sub/").bodyText == "sub")
        }
    }

    @Test func aMatchingTagIs304() async throws {
        try await withPublicDirectory { app, _ in
            let first = await app.response("/style.css")
            let tag = try #require(first.header("ETag"))
            #expect(!tag.hasPrefix("W/"))
            let second = await app.response("/style.css", headers: [("If-None-Match", tag)])
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
            #expect(second.header("ETag") == tag)
            #expect(await app.response("/style.css", headers: [("If-None-Match", "\"old\"")]).status == 200)
        }
    }

    @Test(arguments: [
        "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt", "/a%2fb", "/a%2Fb",
        "/..%2fsecret.txt", "/%00", "/index.html%00", "/..\\secret.txt", "/%5c..%5csecret.txt", "/escape.txt",
        "/up/secret.txt", "/sub/../../secret.txt", "/.hidden", "/sub", "/missing.html", "/%zz", "/%c3%28", "/./index.html",
    ])
    func escapesAndNonFilesAre404(path: String) async throws {
        try await withPublicDirectory { app, _ in
            let response = await app.response(path)
            #expect(response.status == 404)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(!response.bodyText.contains("secret\""))
        }
    }

    @Test func withoutAPublicDirectoryEveryFileIs404() async {
        let app = ReliefApplication.forTesting(publicDirectory: "/nonexistent/relief")
        #expect(await app.response("/").status == 404)
    }

    @Test func theProjectsPlaceholderPageIsServed() async throws {
        // The tests run from the package root, where Public/ lives.
        let app = ReliefApplication.forTesting(publicDirectory: "Public")
        let page = await app.response("/")
        #expect(page.status == 200)
        #expect(page.bodyText.contains("/render"))
        #expect(page.bodyText.contains("lang=\"en\""))
    }
}
