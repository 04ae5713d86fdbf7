/// Straight-alpha RGBA pixels of a render, rows tightly packed.
public struct RenderedImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public internal(set) var rgba: [UInt8]
}
