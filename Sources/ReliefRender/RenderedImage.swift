/// Straight-alpha RGBA pixels of a render, rows tightly packed.
public struct RenderedImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    /// True when every pixel is opaque.
    public var isOpaque: Bool {
        stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
    }
}
