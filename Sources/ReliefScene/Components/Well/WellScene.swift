import ReliefSpec

/// A well: the style's well at its depth.
extension RenderSpec.WellOptions: ComponentScene {
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        ComponentDrawing(framing: context.spec) { context.style.well($0, depth: depth) }
    }
}
