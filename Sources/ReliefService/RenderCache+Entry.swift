import ReliefRender

extension RenderCache {
    /// One rendered image and what it cost to make.
    public struct Entry: Sendable, Hashable {
        /// The file: a PNG, or the text of another format.
        public var bytes: [UInt8]
        /// Time spent laying out and rasterizing.
        public var renderDuration: Duration
        /// Time spent encoding a PNG (zero for text).
        public var encodeDuration: Duration

        public init(bytes: [UInt8], renderDuration: Duration, encodeDuration: Duration) {
            self.bytes = bytes
            self.renderDuration = renderDuration
            self.encodeDuration = encodeDuration
        }

        /// The entry of a pipeline result, in any format.
        public init(_ file: RenderedFile) {
            self.init(bytes: file.bytes, renderDuration: file.renderDuration, encodeDuration: file.encodeDuration)
        }
    }
}
