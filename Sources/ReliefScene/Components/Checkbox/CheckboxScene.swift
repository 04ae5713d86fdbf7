import ReliefGeometry
import ReliefSpec

/// A checkbox: a rounded square of radius 6, checked with a polyline in its 28-point box.
extension RenderSpec.CheckboxOptions: ComponentScene {
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        try choiceDrawing(
            outline: .roundedRectangle(cornerRadius: Self.defaultFrame.radius),
            mark: { .artwork(Self.checkMark, size: Self.defaultFrame.width, .color($0)) }, in: context)
    }

    /// (7, 14.5) → (12, 19.5) → (21, 9) in the 28-point box, 3 points wide with round caps and joins.
    static let checkMark: Path = {
        var builder = IconPathBuilder()
        let side = defaultFrame.width
        builder.stroke([Point(7, 14.5), Point(12, 19.5), Point(21, 9)].map { $0 * (1 / side) }, width: 3 / side)
        return builder.path
    }()
}
