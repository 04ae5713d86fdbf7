extension RenderSpec {
    /// A text field: a shallow well holding one line of text, or its placeholder, at the leading edge;
    /// focused, ringed in the active colour with a caret after the text.
    public struct TextFieldOptions: FlexibleWidth {
        /// `width`, `height` and `radius`.
        public var frame: Frame
        /// The typed text, exactly as given: `text`; `nil` when the field is empty.
        public var text: String?
        /// What an empty field shows instead, fainter: `placeholder`.
        public var placeholder: String
        /// `focused`.
        public var isFocused: Bool
    }
}

extension RenderSpec.TextFieldOptions {
    public static let kind = RenderSpec.ComponentKind.textfield
    public static let layoutName = "TextField"
    public static let layoutLabels: [String: String?] = ["placeholder": nil]
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [.frame, .text, .animation]
    public static let defaultFrame = RenderSpec.Frame(width: 240, height: 48, radius: 12)
    /// A shallow well and a focus ring 5 points out: no outer shadow.
    public static let castsOnlySmallShadowsInSoft = true
    public static let stateWords: (active: String, resting: String)? = ("focused", "unfocused")
    /// The placeholder when the query gives none.
    public static let defaultPlaceholder = "Placeholder"

    public init(resolved values: QueryValues) {
        typealias Parameter = RenderSpec.Parameter
        frame = RenderSpec.Frame(resolved: values)
        text = values[Parameter.text]
        placeholder = values[Parameter.placeholder] ?? Self.defaultPlaceholder
        isFocused = values.resolved(Parameter.focused)
    }

    public var component: RenderSpec.Component { .textfield(self) }

    /// Its 16-point insets and room for about three characters of body text between them.
    public var flexibleMinimumWidth: Double? { 2 * 16 + 48 }
    public var isActive: Bool { isFocused }

    public var inOtherState: Self {
        var other = self
        other.isFocused.toggle()
        return other
    }

    /// Text is clipped at the trailing inset, so only its height, which follows `textsize`, grows the field.
    public var growingParameter: (name: String, words: String)? {
        ("textsize", "the text field's line grows")
    }
}

extension RenderSpec.Component {
    /// The payload of a text field; `nil` for the others.
    public var textFieldOptions: RenderSpec.TextFieldOptions? {
        if case .textfield(let options) = self { options } else { nil }
    }
}

extension RenderSpec.Parameter {
    static let text = TypedParameter<String>(
        "text", .label, spec: { $0.component.textFieldOptions?.text },
        applies: .component(.textfield),
        default: nil,
        description: "What is typed in a text field, in any script (SPEC §11), from its leading edge: the right in "
            + "right-to-left text. Text longer than the field is clipped 16 points before its trailing edge.",
        presentation: .init("Text", .content))
    static let placeholder = TypedParameter<String>(
        "placeholder", .label, spec: { $0.component.textFieldOptions?.placeholder },
        applies: .all([.component(.textfield), .given("text", false)]),
        default: RenderSpec.TextFieldOptions.defaultPlaceholder,
        description: "What an empty text field shows, at 60 % of the text's contrast.",
        presentation: .init("Placeholder", .content))
    static let focused = TypedParameter<Bool>(
        "focused", .boolean, spec: { $0.component.textFieldOptions?.isFocused },
        applies: .component(.textfield),
        default: false,
        description: "Whether a text field has the focus: a 2-point ring in the active colour and a caret after the text.",
        presentation: .init("Focused", .subject))
}
