extension RenderSpec {
    /// What to draw: a component, each case carrying that component's own parameters.
    ///
    /// Each component is one unit, a folder of the same name in each layer that draws or describes it
    /// (`Components/Button/` here): its payload, a ``ComponentOptions``, is all the rest of the code asks
    /// of it. Registering one is its case here, in ``ComponentKind`` and in ``options``.
    public enum Component: Sendable, Hashable {
        case button(ButtonOptions)
        case toggle(ToggleOptions)
        case `switch`(SwitchOptions)
        case well(WellOptions)
        case card(CardOptions)
        case slider(SliderOptions)
        case progress(ProgressOptions)
        case segmented(SegmentedOptions)
        case tabbar(TabbarOptions)
        case checkbox(CheckboxOptions)
        case radio(RadioOptions)
        case textfield(TextFieldOptions)

        /// The payload, through which every layer reaches the component's own unit.
        public var options: any ComponentOptions {
            switch self {
            case .button(let options): options
            case .toggle(let options): options
            case .switch(let options): options
            case .well(let options): options
            case .card(let options): options
            case .slider(let options): options
            case .progress(let options): options
            case .segmented(let options): options
            case .tabbar(let options): options
            case .checkbox(let options): options
            case .radio(let options): options
            case .textfield(let options): options
            }
        }

        /// The value of `component`.
        public var kind: ComponentKind {
            type(of: options).kind
        }

        /// The frame every component is drawn in, before text grows it.
        public var frame: Frame {
            options.frame
        }

        /// The face of a button or toggle (its outline, icon, label and surface); `nil` for the others.
        public var face: Face? {
            options.faceIfAny
        }

        /// The outline: a button's or toggle's `shape`; a switch, well or card is a rounded rectangle of
        /// its frame's radius.
        public var shape: ShapeKind {
            face?.shape ?? .rounded
        }

        /// The state: `pressed` for a button, `on` for a toggle or switch; a well or card has none.
        public var isActive: Bool {
            options.isActive
        }

        /// The face's shading (`surface`) of a button, toggle or card; a switch and a well are flat.
        public var surface: Surface {
            options.surface
        }

        /// The same component in its other state: pressed for a button at rest, off for a switch that is
        /// on; a well or card, which has none, as it is.
        public var inOtherState: Component {
            options.inOtherState.component
        }
    }

    /// What a component's payload tells every layer: its kind, its frame and state, and which of the
    /// shared parameters it reads. The payload's own parameters live in its unit beside it.
    public protocol ComponentOptions: Sendable, Hashable {
        /// The value of `component` that draws it.
        static var kind: ComponentKind { get }
        /// The shared parameters (beyond `component`, `style` and the look's and output's) it reads.
        static var sharedParameters: Set<SharedParameter> { get }
        /// `width`, `height` and `radius` when the query gives none.
        static var defaultFrame: Frame { get }
        /// Frames its own earlier parameters choose instead of ``defaultFrame`` (a progress ring's), the
        /// first that holds; none by default.
        static var otherDefaultFrames: [(when: ParameterCondition, frame: Frame)] { get }
        /// Whether, in the soft style, it casts only a switch knob's small shadows, so that the default
        /// margin is 16 points rather than 40.
        static var castsOnlySmallShadowsInSoft: Bool { get }
        /// The words for its two states, active first (`pressed` and `at rest`); `nil` when it has no
        /// state to change.
        static var stateWords: (active: String, resting: String)? { get }
        /// Its element's name in a screen's layout (SPEC §14), as SwiftUI names the control: `Button`,
        /// `Picker` for a segmented control.
        static var layoutName: String { get }
        /// Where a layout writes one of its parameters as SwiftUI would, by parameter name: `nil` for the
        /// unlabelled argument (`Toggle("Shuffle")` gives `label`), or another label (`isOn:` for `on`).
        /// Every parameter is also written by its own name; none here by default.
        static var layoutLabels: [String: String?] { get }

        /// The payload read from resolved values, where only the parameters that apply have values.
        init(resolved values: QueryValues)

        /// It as a ``Component``.
        var component: Component { get }
        /// The frame it is drawn in, before text grows it.
        var frame: Frame { get }
        /// Its face, for a component with an outline, icon and label; `nil` by default.
        var faceIfAny: Face? { get }
        /// Its state (pressed or on); `false` by default, for a component without states.
        var isActive: Bool { get }
        /// The words on its face or beside it, exactly as given (`label`); its face's by default.
        var label: String? { get }
        /// Its face's shading; flat by default.
        var surface: Surface { get }
        /// It in its other state; itself by default.
        var inOtherState: Self { get }
        /// The parameter to name, and what grew, when words of its own (not a face's label) grow the
        /// image past the pixel limits; `nil` by default.
        var growingParameter: (name: String, words: String)? { get }

        /// Refuses parameters that are each valid but do not fit together; by default none.
        func checkProportions() throws(SpecError)
    }

    /// A parameter several components read, which applies exactly where the component declares it
    /// in ``ComponentOptions/sharedParameters``.
    public enum SharedParameter: Sendable, Hashable, CaseIterable {
        /// `shape`, `size`, `label` and `icon` (and `width`, `height` and `radius` as the shape asks):
        /// the component has a ``Face``.
        case face
        /// `width`, `height` and `radius`, whatever else it has.
        case frame
        /// `width` and `height` alone: its parts are capsules and circles, with no corner radius to set.
        case widthAndHeight
        /// `value`: it shows a value from 0 to 1.
        case value
        /// `on`: its state is on or off.
        case on
        /// `surface`: its face is shaded flat, concave or convex.
        case surface
        /// `font` and `lang` for words it draws of its own (the switch's ON and OFF), beside a face's label.
        case words
        /// `animate`, `fps` and `loop`: it has two states to change between.
        case animation
        /// `selected`: one of its segments or tabs is chosen.
        case selected
        /// `from`: its animation starts from a value or choice of its own.
        case from
        /// `textsize` for words and icons of its own, beside a face's label and icon.
        case textSize
        /// `label` as words beside it (a checkbox's or radio's), with `textsize`, `font` and `lang` for them.
        case label
        /// `textsize`, `font` and `lang` for words it always draws (a text field's text or placeholder).
        case text
    }
}

extension RenderSpec.ComponentOptions {
    public static var castsOnlySmallShadowsInSoft: Bool { false }
    public static var otherDefaultFrames: [(when: ParameterCondition, frame: RenderSpec.Frame)] { [] }
    public static var stateWords: (active: String, resting: String)? { nil }
    public static var layoutLabels: [String: String?] { [:] }
    public var faceIfAny: RenderSpec.Face? { nil }
    public var label: String? { faceIfAny?.label }
    public var isActive: Bool { false }
    public var surface: RenderSpec.Surface { .flat }
    public var inOtherState: Self { self }
    public var growingParameter: (name: String, words: String)? { nil }
    public func checkProportions() throws(SpecError) {}
}

extension RenderSpec.Component {
    /// The payload as a layer's unit protocol (`any ComponentScene`), which every registered component
    /// conforms to in that layer's `Components/<Name>/` folder; each layer's tests check that it does.
    public func unit<Unit>(_ protocolType: Unit.Type, in layer: String) -> Unit {
        guard let unit = options as? Unit else {
            preconditionFailure("\(kind.rawValue) has no unit in \(layer)/Components")
        }
        return unit
    }
}

extension RenderSpec.ComponentKind {
    /// The payload type of the component: where its unit starts.
    public var options: any RenderSpec.ComponentOptions.Type {
        switch self {
        case .button: RenderSpec.ButtonOptions.self
        case .toggle: RenderSpec.ToggleOptions.self
        case .switch: RenderSpec.SwitchOptions.self
        case .well: RenderSpec.WellOptions.self
        case .card: RenderSpec.CardOptions.self
        case .slider: RenderSpec.SliderOptions.self
        case .progress: RenderSpec.ProgressOptions.self
        case .segmented: RenderSpec.SegmentedOptions.self
        case .tabbar: RenderSpec.TabbarOptions.self
        case .checkbox: RenderSpec.CheckboxOptions.self
        case .radio: RenderSpec.RadioOptions.self
        case .textfield: RenderSpec.TextFieldOptions.self
        }
    }

    /// Whether the component reads `parameter`.
    public func uses(_ parameter: RenderSpec.SharedParameter) -> Bool {
        options.sharedParameters.contains(parameter)
    }
}

extension ParameterCondition {
    /// The component is one of those that read `parameter`.
    static func component(using parameter: RenderSpec.SharedParameter) -> ParameterCondition {
        .component(where: { $0.uses(parameter) })
    }
}

extension RenderSpec {
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

        /// `width`, `height` and `radius` of a face when the query gives none.
        public static let defaultFrame = Frame(width: 80, height: 80, radius: 20)
    }
}

extension RenderSpec.Component {
    /// The component the resolved values name, with the parameters that apply to it.
    init(resolved values: QueryValues) {
        self = values.resolved(RenderSpec.Parameter.component).options.init(resolved: values).component
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
