import ReliefSpec

/// A card: the style's surface at rest.
extension RenderSpec.CardOptions: ComponentScene {
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        ComponentDrawing(framing: context.spec) { context.style.surface($0, isActive: false) }
    }
}
