import ReliefRender

/// An HTTP entity tag (RFC 9110 §8.8.3) and the `If-None-Match` test that turns a request into a `304`.
public struct EntityTag: Sendable, Hashable {
    /// The tag's characters between the quotes.
    public var opaqueTag: String
    /// Whether the tag is weak (`W/"…"`, RFC 9110 §8.8.1). Relief sends strong tags only; a client
    /// may send either, and `If-None-Match` compares weakly.
    public var isWeak: Bool

    public init(opaqueTag: String, isWeak: Bool = false) {
        self.opaqueTag = opaqueTag
        self.isWeak = isWeak
    }

    /// The tag as written in an `ETag` field, quotes included.
    public var headerValue: String {
        (isWeak ? "W/" : "") + "\"" + opaqueTag + "\""
    }

    /// The tag of the final file `/render` makes for `canonicalQuery` (for a PNG, its smallest
    /// encoding, the file `relief render` writes): a hash of the renderer's version and the query, so
    /// it is known before anything is drawn, is the same on every replica, and changes whenever the
    /// content could. Strong: the encoder gives equal bytes for equal pixels on every machine.
    public static func forRender(canonicalQuery: String, rendererVersion: String = Renderer.version) -> EntityTag {
        // The separator keeps ("1", "2x") and ("12", "x") apart.
        let digest = FNV1a.hexDigest(rendererVersion.utf8 + [0] + canonicalQuery.utf8)
        return EntityTag(opaqueTag: "r" + rendererVersion + "-" + digest)
    }

    /// The tag of the fast encoding of the PNG this is the final tag of (``forRender(canonicalQuery:rendererVersion:)``):
    /// the fast encoder, on one thread, gives equal bytes for equal pixels on every machine too, so
    /// the query names them as well, and the two tags tell a cache which bytes it holds.
    public var fastEncoding: EntityTag {
        EntityTag(opaqueTag: opaqueTag + "-fast", isWeak: isWeak)
    }

    /// The tag of a file's bytes.
    public static func forContent(_ bytes: [UInt8]) -> EntityTag {
        EntityTag(opaqueTag: "f-" + FNV1a.hexDigest(bytes) + "-" + String(bytes.count, radix: 16))
    }

    /// Whether an `If-None-Match` field value matches this tag, so that the answer is `304 Not
    /// Modified`: `*`, or a list holding a tag equal to this one under the weak comparison
    /// (RFC 9110 §13.1.2, which ignores the `W/` prefix on either side).
    ///
    /// List members that are not quoted tags are ignored, so a malformed field never matches.
    public func isMatched(byIfNoneMatch field: String) -> Bool {
        let trimmed = field.trimmingSpaces
        if trimmed == "*" { return true }
        return Self.tags(inList: String(trimmed)).contains { $0.opaqueTag == opaqueTag }
    }

    /// The well-formed tags of a comma-separated list, in order.
    static func tags(inList field: String) -> [EntityTag] {
        var tags: [EntityTag] = []
        var rest = Substring(field)
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard !rest.isEmpty else { break }
            let isWeak = rest.hasPrefix("W/")
            if isWeak { rest = rest.dropFirst(2) }
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else {
                // Not a tag: skip to the next member.
                rest = rest.drop { $0 != "," }
                continue
            }
            let opaque = rest[rest.index(after: rest.startIndex)..<close]
            let next = rest[rest.index(after: close)...]
            if next.first.map({ $0 == "," || $0 == " " || $0 == "\t" }) ?? true {
                tags.append(EntityTag(opaqueTag: String(opaque), isWeak: isWeak))
            }
            rest = next.drop { $0 != "," }
        }
        return tags
    }
}
