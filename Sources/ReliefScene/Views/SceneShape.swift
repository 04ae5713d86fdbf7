import ReliefGeometry

/// The outline of a view, resolved against the frame it is laid out in.
public enum SceneShape: Sendable, Hashable {
    /// Fits the smaller side of its frame, centred.
    case circle
    /// Corner radius clamped to half the smaller side of its frame.
    case roundedRectangle(cornerRadius: Double)
    /// A rounded rectangle whose radius is half the smaller side.
    case capsule

    /// The outline this shape takes in `frame`.
    public func geometry(in frame: Rect) -> RoundedRect {
        let half = min(frame.width, frame.height) / 2
        switch self {
        case .circle:
            return RoundedRect(rect: frame.centered(Size(2 * half, 2 * half)), cornerRadius: half)
        case .roundedRectangle(let r):
            return RoundedRect(rect: frame, cornerRadius: r)
        case .capsule:
            return RoundedRect(rect: frame, cornerRadius: half)
        }
    }
}
