import ReliefHTTPServer
import ReliefLock
import ReliefSpec

/// The `/render` requests' targets seen lately, as sent, with what parsing their queries gave.
///
/// Behind the image cache, most requests repeat a query a client has sent before; remembering the
/// parse turns a hit into two dictionary lookups instead of a parse, a canonicalisation and a hash.
/// The memo is keyed by the whole target, which the route's fixed path makes stand for its query,
/// so a request it knows has no query cut out of its target. Only valid queries are remembered.
/// When full, the memo starts over: it is a shortcut, never the source of an answer.
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
        /// Whether `Accept` chooses the format (`format=auto`): else the field need not be read.
        let formatFollowsAccept: Bool

        init(spec: RenderSpec, canonicalQuery: String, headers: CachedFileHeaders) {
            self.spec = spec
            self.canonicalQuery = canonicalQuery
            self.headers = headers
            formatFollowsAccept = !AcceptHeader.choices(for: spec.output).isEmpty
        }
    }

    /// Distinct targets kept. Default 4096: a few hundred KiB, more designs than a page shows.
    let capacity: Int
    /// How long caches keep a render's provisional bytes (``ReliefApplication/Configuration/provisionalMaxAge``).
    let provisionalMaxAge: Int
    private let entries = Locked<[String: Parsed]>([:])

    init(capacity: Int = 4096, provisionalMaxAge: Int) {
        self.capacity = capacity
        self.provisionalMaxAge = provisionalMaxAge
    }

    /// The parse of `request`'s query (a `/render` request's), from memory or parsed now, in
    /// `defaultFormat` when it names none; `format=auto` in the format the request's `Accept` field
    /// chooses (``AcceptHeader/negotiatedFormat(for:)``), remembered per chosen format.
    func parsed(_ request: HTTPRequest, defaultFormat: RenderSpec.Format = .png) throws(SpecError) -> Parsed {
        let asked = try parsed(request, asNamedOr: defaultFormat)
        guard asked.formatFollowsAccept,
            let chosen = AcceptHeader(request.header("Accept")).negotiatedFormat(for: asked.spec.output)
        else { return asked }
        let memoKey = "\(defaultFormat.rawValue)\u{0}\(chosen.rawValue)\u{0}\(request.target)"
        if let known = entries.withLock({ $0[memoKey] }) { return known }
        var spec = asked.spec
        spec.output.format = chosen
        return remember(parsed(spec, negotiated: true), as: memoKey)
    }

    /// The parse of `request`'s query as it names its format, or in `defaultFormat`.
    private func parsed(_ request: HTTPRequest, asNamedOr defaultFormat: RenderSpec.Format) throws(SpecError) -> Parsed {
        let memoKey = defaultFormat == .png ? request.target : "\(defaultFormat.rawValue)\u{0}\(request.target)"
        if let known = entries.withLock({ $0[memoKey] }) { return known }
        let spec = try RenderSpec.parse(query: String(request.query), format: defaultFormat)
        return remember(parsed(spec, negotiated: false), as: memoKey)
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
