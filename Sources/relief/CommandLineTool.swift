import Foundation
import ReliefSpec

/// What every subcommand of `relief` shares: how it fails and how it reads a query.
enum CommandLineTool {
    /// Writes one line to standard error and exits with `status`: 2 for a refused query or a usage
    /// error (as a `400`), 1 for a failure on a valid request (as a `500`).
    static func fail(_ message: String, status: Int32 = 2) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }

    /// The spec of a query as `/render` takes it; a leading `?` is allowed, as copied from a URL.
    static func spec(of query: String) throws(SpecError) -> RenderSpec {
        try RenderSpec.parse(query: query.hasPrefix("?") ? String(query.dropFirst()) : query)
    }
}
