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
    /// How long caches keep a render's provisional bytes (``ReliefApplication/Configuration/provisionalMaxAge``).
    let provisionalMaxAge: Int
    private let entries = Locked<[String: Parsed]>([:])

    init(capacity: Int = 4096, provisionalMaxAge: Int) {
        self.capacity = capacity
        self.provisionalMaxAge = provisionalMaxAge
    }

    /// The parse of `query` (raw, after `?`), from memory or parsed now, in `defaultFormat` when it
    /// names none; `format=auto` in the format `accept` (the request's `Accept` field) chooses
    /// (``AcceptHeader/negotiatedFormat(for:)``), remembered per chosen format.
    func parsed(_ query: String, defaultFormat: RenderSpec.Format = .png, accept: String?) throws(SpecError) -> Parsed {
        let asked = try parsed(query, defaultFormat: defaultFormat)
        guard let chosen = AcceptHeader(accept).negotiatedFormat(for: asked.spec.output) else { return asked }
        let memoKey = "\(defaultFormat.rawValue)\u{0}\(chosen.rawValue)\u{0}\(query)"
        if let known = entries.withLock({ $0[memoKey] }) { return known }
        var spec = asked.spec
        spec.output.format = chosen
        return remember(parsed(spec, negotiated: true), as: memoKey)
    }

    /// The parse of `query` as it names its format, or in `defaultFormat`.
    private func parsed(_ query: String, defaultFormat: RenderSpec.Format) throws(SpecError) -> Parsed {
        let memoKey = defaultFormat == .png ? query : "\(defaultFormat.rawValue)\u{0}\(query)"
        if let known = entries.withLock({ $0[memoKey] }) { return known }
        return remember(parsed(try RenderSpec.parse(query: query, format: defaultFormat), negotiated: false), as: memoKey)
    }

    /// What `spec` is answered with: keyed and tagged by its canonical query, which names the format
    /// it is written in. A format chosen by `Accept` (`negotiated`) is answered with `Vary: Accept`;
    /// otherwise the query decides the format, so the URL alone names the answer.
    private func parsed(_ spec: RenderSpec, negotiated: Bool) -> Parsed {
        let key = spec.canonicalQuery
        return Parsed(
            spec: spec, canonicalQuery: key,
            headers: CachedFileHeaders(
                contentType: spec.output.format.mediaType, tag: EntityTag.forRender(canonicalQuery: key),
                more: [("Content-Disposition", "inline; filename=\"\(spec.fileName)\"")], variesByAccept: negotiated,
                provisionalMaxAge: provisionalMaxAge))
    }

    private func remember(_ parsed: Parsed, as memoKey: String) -> Parsed {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[memoKey] = parsed
        }
        return parsed
    }
}
