import ReliefGeometry

/// A laid-out view: every shape, outline and effect with its frame on the canvas, in points.
///
/// This is what back ends walk. Shapes keep their outline (a clamped rounded rectangle), gradients keep
/// the frame they span, and text has become outlines and, for colour glyphs, bitmaps.
public indirect enum PlacedNode: Sendable, Hashable {
    case fill(RoundedRect, Fill, frame: Rect)
    case stroke(RoundedRect, Fill, lineWidth: Double, frame: Rect)
    /// A filled outline in canvas points.
    case path(Path, Fill, frame: Rect)
    /// Pixels stretched over their frame in canvas points, drawn as they are.
    case bitmap(Bitmap)
    /// Children drawn in order, each over the ones before.
    case group([PlacedNode])
    case shadow(PlacedNode, Shadow)
    case blur(PlacedNode, radius: Double)
    case offset(PlacedNode, Point)
    case mask(PlacedNode, PlacedNode)
    /// The child's alpha multiplied by an amount in 0...1.
    case opacity(PlacedNode, Double)
}
