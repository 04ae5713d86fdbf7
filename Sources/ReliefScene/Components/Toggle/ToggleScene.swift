import ReliefSpec

/// A toggle: a button's face, pressed in while on.
extension RenderSpec.ToggleOptions: ComponentScene {
    func drawing(in context: ComponentSceneContext) throws -> ComponentDrawing {
        try face.drawing(isActive: isOn, in: context)
    }
}
