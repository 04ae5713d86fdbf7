import ReliefHTTPServer
import ReliefRender

extension RenderCache {
    /// What the cache stores for a key: the file and how long it took to make.
    public struct Entry: Sendable, Hashable {
        /// The file: a PNG, or the text of another format.
        public var bytes: [UInt8]
        /// Time spent laying out and rasterizing (for an audit: the whole audit).
        public var renderDuration: Duration
        /// Time spent encoding a PNG (zero for text and audits).
        public var encodeDuration: Duration
        /// The `Server-Timing` of an answer from this entry, before the cache's part: the durations
        /// of the work that made it.
        public let serverTiming: String
        /// The `Server-Timing` header of an answer from this entry found in the cache, and of the
        /// answer to the fetch that made it: made, checked and written out once, not per answer.
        public let serverTimingOnHit: HTTPHeaderBlock, serverTimingOnMiss: HTTPHeaderBlock
        /// Whether a smaller encoding of the same pixels can take this entry's place: an image (PNG,
        /// WebP or AVIF) encoded
        /// ``Renderer/EncodingEffort/fast``, which the application encodes again at
        /// ``Renderer/EncodingEffort/smallest`` once it is asked for again. Such bytes are
        /// provisional: answered under their own tag (``EntityTag/fastEncoding``) for a short
        /// time, never `immutable`, so that a cache revalidating them gets the smaller ones.
        public var canShrink: Bool

        /// An entry of a render: `Server-Timing` names its render and encode durations.
        public init(bytes: [UInt8], renderDuration: Duration, encodeDuration: Duration, canShrink: Bool = false) {
            self.bytes = bytes
            self.renderDuration = renderDuration
            self.encodeDuration = encodeDuration
            self.canShrink = canShrink
            serverTiming = "render;dur=\(renderDuration.millisecondsText), encode;dur=\(encodeDuration.millisecondsText)"
            (serverTimingOnHit, serverTimingOnMiss) = Self.timingBlocks(serverTiming)
        }

        /// The entry of a pipeline result, in any format, its image encoded with `effort`.
        public init(_ file: RenderedFile, effort: Renderer.EncodingEffort) {
            self.init(
                bytes: file.bytes, renderDuration: file.renderDuration, encodeDuration: file.encodeDuration,
                canShrink: file.format.showsSimulation && effort != .smallest)
        }

        /// The entry of an audit's JSON, which took `duration`: `Server-Timing` names it `audit`.
        /// A JSON answer that took `duration`, named `stage` in its `Server-Timing` (`audit`, `describe`).
        public init(json bytes: [UInt8], stage: String, duration: Duration) {
            self.bytes = bytes
            renderDuration = duration
            encodeDuration = .zero
            canShrink = false
            serverTiming = "\(stage);dur=\(duration.millisecondsText)"
            (serverTimingOnHit, serverTimingOnMiss) = Self.timingBlocks(serverTiming)
        }

        private static func timingBlocks(_ timing: String) -> (hit: HTTPHeaderBlock, miss: HTTPHeaderBlock) {
            (
                HTTPHeaderBlock([("Server-Timing", timing + ", cache;desc=hit")]),
                HTTPHeaderBlock([("Server-Timing", timing + ", cache;desc=miss")])
            )
        }
    }
}
