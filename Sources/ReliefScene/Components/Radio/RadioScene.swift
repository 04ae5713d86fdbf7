import ReliefSpec

/// A radio button: a circle, chosen with a dot 10 points across at its centre.
extension RenderSpec.RadioOptions: ComponentScene {
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        try choiceDrawing(
            outline: .circle, mark: { SceneShape.circle.fill($0).frame(width: Self.dotSide, height: Self.dotSide) },
            in: context)
    }

    /// The dot's diameter in points.
    static let dotSide = 10.0
}
