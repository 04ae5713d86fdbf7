/// The `Content-Type` of the files Relief serves, by file name extension.
enum MediaType {
    /// Types by lowercase extension; text types say their charset, as every file is UTF-8.
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
        "txt": "text/plain; charset=utf-8",
        "png": "image/png",
        "svg": "image/svg+xml",
        "ico": "image/vnd.microsoft.icon",
    ]

    /// What is sent for any other file: bytes the browser must not interpret (with `nosniff`).
    static let fallback = "application/octet-stream"

    /// The type of a file named `fileName`.
    static func forFile(named fileName: some StringProtocol) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fallback }
        return byExtension[fileName[fileName.index(after: dot)...].lowercased()] ?? fallback
    }
}
