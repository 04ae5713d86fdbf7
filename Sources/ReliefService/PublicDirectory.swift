import Foundation
import ReliefEscaping
import ReliefSpec

/// The files under one directory, served at `/`, refusing anything that could reach outside it.
///
/// A request path is refused before touching the disk when it holds a backslash, a NUL, a
/// percent-encoded dot, slash or backslash (`%2e`, `%2f`, `%5c`), a malformed escape, a `.` or `..`
/// segment, or a segment starting with `.` (hidden files). What remains is resolved with `realpath`,
/// so symbolic links are followed, and the result must lie inside the directory's own real path and
/// be a regular file.
struct PublicDirectory: Sendable {
    /// A file found for a request.
    struct File: Sendable {
        var bytes: [UInt8]
        var contentType: String
        var entityTag: EntityTag
    }

    /// The directory's real path, or `nil` when it does not exist (then nothing is served).
    let root: String?

    init(path: String) {
        root = Self.realPath(path)
    }

    /// The file for the URL path `path` (`/` and paths ending in `/` mean their `index.html`), or
    /// `nil` when it is refused or missing.
    func file(at path: Substring) -> File? {
        guard let root, let segments = Self.segments(of: path) else { return nil }
        let inside = root.hasSuffix("/") ? root : root + "/"
        guard let resolved = Self.realPath(inside + segments.joined(separator: "/")),
            resolved.hasPrefix(inside)
        else { return nil }
        var status = stat()
        guard stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            let data = FileManager.default.contents(atPath: resolved)
        else { return nil }
        let bytes = [UInt8](data)
        return File(
            bytes: bytes, contentType: MediaType.forFile(named: resolved),
            entityTag: .forContent(bytes))
    }

    /// The decoded segments of a safe request path, `index.html` added for a directory; `nil` when
    /// the path is refused.
    static func segments(of path: Substring) -> [String]? {
        guard path.first == "/" else { return nil }
        let lowercased = path.lowercased()
        for refused in ["\\", "%00", "%2e", "%2f", "%5c"] where lowercased.contains(refused) {
            return nil
        }
        var segments: [String] = []
        for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = try? PercentDecoding.decode(raw, plusIsSpace: false) else { return nil }
            if segment.isEmpty { continue }
            guard !segment.hasPrefix("."),
                !segment.unicodeScalars.contains(where: \.isControlCharacter)
            else {
                return nil
            }
            segments.append(segment)
        }
        if path.hasSuffix("/") { segments.append("index.html") }
        return segments
    }

    /// The canonical absolute path of `path`, every symbolic link resolved, or `nil` when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
