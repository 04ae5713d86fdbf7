import ReliefGeometry
import ReliefSpec

extension SceneShape {
    /// The outline `contrast=high` adds where a style's edge alone does not stand out: a 4-point
    /// stroke on the shape's edge (2 points inside, 2 outside), or nothing at standard contrast.
    func accessibleOutline(_ color: Color, _ contrast: RenderSpec.Contrast) -> View? {
        contrast == .high ? stroke(color, lineWidth: 4) : nil
    }
}
