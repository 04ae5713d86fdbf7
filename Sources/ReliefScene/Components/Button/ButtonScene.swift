import ReliefSpec

/// A button: its face, raised at rest and pressed in when pressed.
extension RenderSpec.ButtonOptions: ComponentScene {
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        try face.drawing(isActive: isPressed, in: context)
    }
}
