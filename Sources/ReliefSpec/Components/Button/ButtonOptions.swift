extension RenderSpec {
    /// A button: its face, at rest or pressed.
    public struct ButtonOptions: ComponentOptions {
        /// `pressed`.
        public var isPressed: Bool
        public var face: Face
    }
}

extension RenderSpec.ButtonOptions {
    public static let kind = RenderSpec.ComponentKind.button
    public static let layoutName = "Button"
    public static let layoutLabels: [String: String?] = ["label": nil]
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [.face, .surface, .animation]
    public static let defaultFrame = RenderSpec.Face.defaultFrame
    public static let stateWords: (active: String, resting: String)? = ("pressed", "at rest")

    public init(resolved values: QueryValues) {
        isPressed = values.resolved(RenderSpec.Parameter.pressed)
        face = RenderSpec.Face(resolved: values)
    }

    public var component: RenderSpec.Component { .button(self) }
    public var frame: RenderSpec.Frame { face.frame }
    public var isActive: Bool { isPressed }
    public var surface: RenderSpec.Surface { face.surface }
    public var faceIfAny: RenderSpec.Face? { face }

    public var inOtherState: Self {
        var other = self
        other.isPressed.toggle()
        return other
    }
}

extension RenderSpec.Parameter {
    static let pressed = TypedParameter<Bool>(
        "pressed", .boolean, spec: { $0.component.isActive },
        applies: .component(.button),
        default: false,
        description: "Whether a button is drawn pressed.",
        presentation: .init("Pressed", .subject))
}
