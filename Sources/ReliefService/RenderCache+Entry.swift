import ReliefRender

extension RenderCache {
    /// One rendered image and what it cost to make.
    public struct Entry: Sendable, Hashable {
        /// The PNG file.
        public var bytes: [UInt8]
        /// Time spent laying out and rasterizing.
        public var renderDuration: Duration
        /// Time spent encoding the PNG.
        public var encodeDuration: Duration

        public init(bytes: [UInt8], renderDuration: Duration, encodeDuration: Duration) {
            self.bytes = bytes
            self.renderDuration = renderDuration
            self.encodeDuration = encodeDuration
        }

        /// The entry of a pipeline result.
        public init(_ png: RenderedPNG) {
            self.init(bytes: png.bytes, renderDuration: png.renderDuration, encodeDuration: png.encodeDuration)
        }
    }
}
