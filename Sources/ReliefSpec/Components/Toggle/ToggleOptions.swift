extension RenderSpec {
    /// A toggle: a button's face that stays pressed in while on.
    public struct ToggleOptions: ComponentOptions {
        /// `on`.
        public var isOn: Bool
        public var face: Face
    }
}

extension RenderSpec.ToggleOptions {
    public static let kind = RenderSpec.ComponentKind.toggle
    public static let layoutName = "Toggle"
    public static let layoutLabels: [String: String?] = ["label": nil, "on": "isOn"]
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [.face, .on, .surface, .animation]
    public static let defaultFrame = RenderSpec.Face.defaultFrame
    public static let stateWords: (active: String, resting: String)? = ("on", "off")

    public init(resolved values: QueryValues) {
        isOn = values.resolved(RenderSpec.Parameter.on)
        face = RenderSpec.Face(resolved: values)
    }

    public var component: RenderSpec.Component { .toggle(self) }
    public var frame: RenderSpec.Frame { face.frame }
    public var isActive: Bool { isOn }
    public var surface: RenderSpec.Surface { face.surface }
    public var faceIfAny: RenderSpec.Face? { face }

    public var inOtherState: Self {
        var other = self
        other.isOn.toggle()
        return other
    }
}
