/// An encoded render and what it cost.
public struct RenderedPNG: Sendable, Hashable {
    public let bytes: [UInt8]
    public let width: Int
    public let height: Int
    /// Time spent laying out and rasterizing.
    public let renderDuration: Duration
    /// Time spent encoding.
    public let encodeDuration: Duration
}
