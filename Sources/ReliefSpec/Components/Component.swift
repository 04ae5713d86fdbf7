extension RenderSpec {
    /// What to draw: a component, each case carrying that component's own parameters.
    public enum Component: Sendable, Hashable {
        case button(ButtonOptions)
        case toggle(ToggleOptions)
        case `switch`(SwitchOptions)
        case well(WellOptions)
        case card(CardOptions)

        /// The value of `component`.
        public var kind: ComponentKind {
            switch self {
            case .button: .button
            case .toggle: .toggle
            case .switch: .switch
            case .well: .well
            case .card: .card
            }
        }

        /// The frame every component is drawn in, before text grows it.
        public var frame: Frame {
            switch self {
            case .button(let button): button.face.frame
            case .toggle(let toggle): toggle.face.frame
            case .switch(let control): control.frame
            case .well(let well): well.frame
            case .card(let card): card.frame
            }
        }

        /// The face of a button or toggle (its outline, icon, label and surface); `nil` for the others.
        public var face: Face? {
            switch self {
            case .button(let button): button.face
            case .toggle(let toggle): toggle.face
            case .switch, .well, .card: nil
            }
        }

        /// The payload of a switch; `nil` for the others.
        public var switchOptions: SwitchOptions? {
            if case .switch(let options) = self { options } else { nil }
        }

        /// The payload of a well; `nil` for the others.
        public var wellOptions: WellOptions? {
            if case .well(let options) = self { options } else { nil }
        }

        /// The outline: a button's or toggle's `shape`; a switch, well or card is a rounded rectangle of
        /// its frame's radius.
        public var shape: ShapeKind {
            face?.shape ?? .rounded
        }

        /// The state: `pressed` for a button, `on` for a toggle or switch; a well or card has none.
        public var isActive: Bool {
            switch self {
            case .button(let button): button.isPressed
            case .toggle(let toggle): toggle.isOn
            case .switch(let control): control.isOn
            case .well, .card: false
            }
        }

        /// The face's shading (`surface`) of a button, toggle or card; a switch and a well are flat.
        public var surface: Surface {
            switch self {
            case .button(let button): button.face.surface
            case .toggle(let toggle): toggle.face.surface
            case .card(let card): card.surface
            case .switch, .well: .flat
            }
        }

        /// The same component in its other state: pressed for a button at rest, off for a switch that is
        /// on; a well or card, which has none, as it is.
        public var inOtherState: Component {
            switch self {
            case .button(var button):
                button.isPressed.toggle()
                return .button(button)
            case .toggle(var toggle):
                toggle.isOn.toggle()
                return .toggle(toggle)
            case .switch(var control):
                control.isOn.toggle()
                return .switch(control)
            case .well, .card:
                return self
            }
        }
    }

    /// A component's frame in points: `width` × `height` (for a circle, `size` × `size`) with corner
    /// `radius`, before clamping to half the smaller side; a circle's or capsule's radius is half its height.
    public struct Frame: Sendable, Hashable {
        public var width: Double
        public var height: Double
        public var radius: Double

        public init(width: Double, height: Double, radius: Double) {
            self.width = width
            self.height = height
            self.radius = radius
        }
    }

    /// What a button or toggle shows: its outline, its icon and label, and how its face is shaded.
    public struct Face: Sendable, Hashable {
        /// `shape`.
        public var shape: ShapeKind
        /// `size`, or `width`, `height` and `radius`.
        public var frame: Frame
        /// `icon`, leading the ``label`` when there is one; `.none` when it draws none.
        public var icon: Icon
        /// Text drawn on the face, exactly as given: `label`; `nil` when there is none.
        public var label: String?
        /// `surface`.
        public var surface: Surface
    }
}

extension RenderSpec.Component {
    /// The component the resolved values name, with the parameters that apply to it.
    init(resolved values: QueryValues) {
        self =
            switch values.resolved(RenderSpec.Parameter.component) {
            case .button: .button(RenderSpec.ButtonOptions(resolved: values))
            case .toggle: .toggle(RenderSpec.ToggleOptions(resolved: values))
            case .switch: .switch(RenderSpec.SwitchOptions(resolved: values))
            case .well: .well(RenderSpec.WellOptions(resolved: values))
            case .card: .card(RenderSpec.CardOptions(resolved: values))
            }
    }
}

extension RenderSpec.Frame {
    /// `size` × `size` for a circle, otherwise `width` × `height`; `radius`, or half the height for a
    /// circle or capsule.
    init(resolved values: QueryValues) {
        typealias Parameter = RenderSpec.Parameter
        let size = values[Parameter.size]
        width = size ?? values.resolved(Parameter.width)
        height = size ?? values.resolved(Parameter.height)
        radius = values[Parameter.radius] ?? height / 2
    }
}

extension RenderSpec.Face {
    /// The face of a button or toggle; beside a `label` the icon is `.none` unless `icon` is given.
    init(resolved values: QueryValues) {
        typealias Parameter = RenderSpec.Parameter
        shape = values.resolved(Parameter.shape)
        frame = RenderSpec.Frame(resolved: values)
        icon = values.resolved(Parameter.icon)
        label = values[Parameter.label]
        surface = values.resolved(Parameter.surface)
    }
}
