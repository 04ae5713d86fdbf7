import ReliefHTTPServer
import ReliefLock
import ReliefSpec

/// The `/render` query strings seen lately, as sent, with what parsing them gave.
///
/// Behind the image cache, most requests repeat a query a client has sent before; remembering the
/// parse turns a hit into two dictionary lookups instead of a parse, a canonicalisation and a hash.
/// Only valid queries are remembered. When full, the memo starts over: it is a shortcut, never the
/// source of an answer.
final class RenderQueryMemo: Sendable {
    /// What one query string parses to: a class, so that handing it out of the memo on every
    /// answer retains one reference instead of each of its many fields.
    final class Parsed: Sendable {
        let spec: RenderSpec
        /// The cache key.
        let canonicalQuery: String
        /// The file's tag, which names the renderer version and the canonical query, and the headers
        /// of its answers, made, checked and written out once per query rather than once per answer.
        let headers: CachedFileHeaders

        init(spec: RenderSpec, canonicalQuery: String, headers: CachedFileHeaders) {
            self.spec = spec
            self.canonicalQuery = canonicalQuery
            self.headers = headers
        }
    }

    /// Distinct query strings kept. Default 4096: a few hundred KiB, more designs than a page shows.
    let capacity: Int
    private let entries = Locked<[String: Parsed]>([:])

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The parse of `query` (raw, after `?`), from memory or parsed now.
    func parsed(_ query: String) throws(SpecError) -> Parsed {
        if let known = entries.withLock({ $0[query] }) { return known }
        let spec = try RenderSpec.parse(query: query)
        let key = spec.canonicalQuery
        let parsed = Parsed(
            spec: spec, canonicalQuery: key,
            headers: CachedFileHeaders(
                contentType: spec.output.format.mediaType, tag: EntityTag.forRender(canonicalQuery: key),
                // The query decides the format, so the URL alone names the answer: no `Vary`.
                more: [("Content-Disposition", "inline; filename=\"\(spec.fileName)\"")]))
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[query] = parsed
        }
        return parsed
    }
}
