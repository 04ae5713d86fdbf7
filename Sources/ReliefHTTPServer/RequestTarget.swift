/// The request target as the handler sees it (RFC 9112 §3.2): always origin form, `/path?query`,
/// with the path's dot segments removed (RFC 3986 §5.2.4).
///
/// - origin form (`/a/../b?x`) is taken as sent, less its dot segments;
/// - absolute form (`http://host:port/path?query`, `http` or `https` in any letter case) becomes the
///   origin form of its path and query; its authority must be a valid `host [":" port]` and is
///   returned for the caller, as RFC 9112 §3.2.2 makes it take `Host`'s place;
/// - `*` (asterisk form) is kept for `OPTIONS`.
///
/// A dot segment is `.` or `..`, where `%2E` or `%2e` also counts as a dot, so an encoded `..` cannot
/// reach further than a plain one: never above `/`. The query is never touched.
struct RequestTarget {
    /// What the handler gets as ``HTTPRequest/target``.
    var originForm: String
    /// The authority of an absolute-form target; nil for the other forms.
    var authority: String?

    /// The path of an origin-form `target`, before any `?`, and its raw query after it (nil
    /// without a `?`); found byte by byte, as every response's log line and route ask for them.
    static func pathAndQuery(of target: String) -> (path: Substring, query: Substring?) {
        let offset =
            target.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: "?")) }
            ?? target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target.utf8.distance(from: target.startIndex, to: $0) }
        guard let offset else { return (target[...], nil) }
        let mark = target.utf8.index(target.startIndex, offsetBy: offset)
        return (target[..<mark], target[target.utf8.index(after: mark)...])
    }

    /// The target the handler gets for `target` as sent, or nil when it is in none of the accepted forms.
    init?(_ target: UnsafeBufferPointer<UInt8>, isOptions: Bool) {
        if target.count == 1 && target[0] == UInt8(ascii: "*") {
            guard isOptions else { return nil }
            self.init(originForm: "*", authority: nil)
            return
        }
        var pathStart = 0
        var authority: String?
        if target.first != UInt8(ascii: "/") {
            guard let authorityStart = Self.authorityStart(in: target) else { return nil }
            let authorityEnd =
                target[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.count
            let authorityBytes = UnsafeBufferPointer(rebasing: target[authorityStart..<authorityEnd])
            guard URIAuthority.isValid(authorityBytes) else { return nil }
            authority = String(decoding: authorityBytes, as: UTF8.self)
            pathStart = authorityEnd
        }
        let queryStart = target[pathStart...].firstIndex(of: UInt8(ascii: "?")) ?? target.count
        let path = UnsafeBufferPointer(rebasing: target[pathStart..<queryStart])
        let query = UnsafeBufferPointer(rebasing: target[queryStart...])
        if pathStart == 0 && !Self.hasDotSegment(path) {
            self.init(originForm: String(decoding: target, as: UTF8.self), authority: nil)
            return
        }
        var originForm = Self.removingDotSegments(path)
        originForm.append(contentsOf: query)
        self.init(originForm: String(decoding: originForm, as: UTF8.self), authority: authority)
    }

    private init(originForm: String, authority: String?) {
        self.originForm = originForm
        self.authority = authority
    }

    /// Where the authority starts after `http://` or `https://`, or nil for another target.
    private static func authorityStart(in target: UnsafeBufferPointer<UInt8>) -> Int? {
        for scheme in ["http://", "https://"] as [StaticString] where target.count >= scheme.utf8CodeUnitCount {
            let prefix = UnsafeBufferPointer(rebasing: target[..<scheme.utf8CodeUnitCount])
            // The scheme is case-insensitive; `//` is not a letter, so lowercasing it changes nothing.
            if ASCII.equalsIgnoringCase(prefix, scheme) { return scheme.utf8CodeUnitCount }
        }
        return nil
    }

    /// Whether any `/`-separated segment of `path` is a dot segment.
    private static func hasDotSegment(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        var segmentStart = 0
        for index in 0...path.count where index == path.count || path[index] == UInt8(ascii: "/") {
            if dotCount(of: path[segmentStart..<index]) > 0 { return true }
            segmentStart = index + 1
        }
        return false
    }

    /// RFC 3986 §5.2.4 for an absolute path (or an empty one, which is `/`), segment by segment: `.`
    /// goes, `..` also takes the segment before it, and a dot segment at the end leaves a `/`.
    private static func removingDotSegments(_ path: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(path.count + 1)
        // Every segment follows a `/`; the first `/` of the path is skipped by dropFirst.
        let segments = path.isEmpty ? [] : path.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch dotCount(of: segment) {
            case 1:
                break
            case 2:
                // Back to just after the previous segment's `/`, but never before the root.
                if let slash = output.lastIndex(of: UInt8(ascii: "/")) { output.removeSubrange(slash...) }
            default:
                output.append(UInt8(ascii: "/"))
                output.append(contentsOf: segment)
                continue
            }
            if isLast { output.append(UInt8(ascii: "/")) }
        }
        return output.isEmpty ? [UInt8(ascii: "/")] : output
    }

    /// 1 for `.`, 2 for `..` (each dot plain or as `%2E`/`%2e`), 0 for any other segment.
    private static func dotCount(of segment: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var dots = 0
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == ASCII.period {
                index += 1
            } else if segment.endIndex - index >= 3, segment[index] == UInt8(ascii: "%"), segment[index + 1] == UInt8(ascii: "2"),
                segment[index + 2] | 0x20 == UInt8(ascii: "e")
            {
                index += 3
            } else {
                return 0
            }
            dots += 1
            if dots > 2 { return 0 }
        }
        return dots
    }
}
