extension RenderSpec {
    /// Every query parameter, in the order of the contract's table, which is also the order of the
    /// canonical query. A new parameter is one more entry here (plus its field and its default).
    ///
    /// Each entry says when the parameter applies: a parameter that does not apply to the
    /// component is still checked when given, then ignored, and never appears in the canonical query.
    /// The accessibility parameters, added after the contract's first table, also stay out at their
    /// defaults, which draw exactly what was drawn before they existed, so older keys keep naming
    /// the same images.
    static let parameters: [QueryParameter] = [
        QueryParameter("component", .choice, given: \.component, always: \.component),
        QueryParameter("style", .choice, given: \.style, always: \.style),
        QueryParameter("pressed", .boolean, given: \.pressed) { $0.component == .button ? $0.isActive : nil },
        QueryParameter("on", .boolean, given: \.on) { $0.component.hasOnState ? $0.isActive : nil },
        QueryParameter("shape", .choice, given: \.shape) { $0.component.showsIcon ? $0.shape : nil },
        QueryParameter("size", .number(in: Limits.side), given: \.size) { $0.shape == .circle ? $0.width : nil },
        QueryParameter("width", .number(in: Limits.side), given: \.width) { $0.shape != .circle ? $0.width : nil },
        QueryParameter("height", .number(in: Limits.side), given: \.height) { $0.shape != .circle ? $0.height : nil },
        QueryParameter("radius", .number(in: Limits.radius), given: \.radius) { $0.shape == .rounded ? $0.radius : nil },
        QueryParameter("depth", .choice, given: \.depth) { $0.component == .well ? $0.depth : nil },
        QueryParameter("knob", .number(in: Limits.knob), given: \.knob) { $0.component == .switch ? $0.knob : nil },
        QueryParameter("padding", .number(in: Limits.padding), given: \.padding) {
            $0.component == .switch ? $0.padding : nil
        },
        QueryParameter("icon", .choice, given: \.icon) { $0.component.showsIcon && $0.label == nil ? $0.icon : nil },
        QueryParameter("label", .label, given: \.label) { $0.label },
        QueryParameter("scale", .number(in: Limits.scale), given: \.scale, always: \.scale),
        QueryParameter("margin", .number(in: Limits.margin), given: \.margin, always: \.margin),
        QueryParameter("background", .background, given: \.background, always: \.background),
        QueryParameter("format", .choice, given: \.format, always: \.format),
        QueryParameter("textsize", .choice, given: \.textsize) {
            $0.label != nil && $0.textSize != .l ? $0.textSize : nil
        },
        QueryParameter("contrast", .choice, given: \.contrast) { $0.contrast != .standard ? $0.contrast : nil },
        QueryParameter("simulate", .choice, given: \.simulate) { $0.simulation != .none ? $0.simulation : nil },
    ]

    /// The table by name, for parsing.
    static let parametersByName: [String: QueryParameter] = Dictionary(
        uniqueKeysWithValues: parameters.map { ($0.name, $0) }
    )

    /// The names of all query parameters, in canonical order.
    public static var parameterNames: [String] {
        parameters.map(\.name)
    }
}
