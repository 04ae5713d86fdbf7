extension RenderSpec {
    /// Parses a `/render` query string (the part after `?`, e.g. `style=colorful&pressed=true`)
    /// into a validated spec with every default filled in. The empty string gives all defaults.
    ///
    /// The rules, shared by the HTTP service and `relief render`:
    /// - Pairs are `name=value`, joined by `&`; empty pairs (from `&&` or a trailing `&`) are
    ///   skipped; a name without `=` has an empty value. `%XX` escapes are UTF-8 bytes and `+` is a
    ///   space, in names and values alike.
    /// - Names and enum values are lowercase and case-sensitive. An unknown name, or a name given
    ///   twice, is an error.
    /// - Booleans are `true`, `false`, `1` or `0`. Numbers are plain decimals (`80`, `80.5`):
    ///   no sign, exponent, or bare point, at most ``Limits/maxNumberCharacters`` characters.
    /// - Every value given is checked, including those of parameters that do not apply to the
    ///   component; those are then ignored (see ``canonicalQuery``).
    /// - `isActive` is `pressed` for a button and `on` for a toggle or switch; a well or card is
    ///   never active.
    /// - Buttons and toggles take a `shape`. A circle's frame is `size` × `size` and its radius half
    ///   of that; a rounded rectangle's is `width` × `height` with `radius`; a capsule's is
    ///   `width` × `height` with radius half the height. A `label` replaces the icon, which then
    ///   becomes `.none`; `textsize` sets the label's point size and applies only with a label.
    /// - `contrast` and `simulate` apply to every component.
    /// - Switches, wells and cards are rounded rectangles (`shape` is `.rounded`) of `width` ×
    ///   `height` and `radius`, with no icon or label. A switch needs `height + knob ≤ width` and
    ///   `2 × padding < height`.
    /// - The image, in pixels, must stay within ``Limits/maxSide`` a side and ``Limits/maxPixels``
    ///   in all; otherwise the error names `scale`.
    ///
    /// Errors are reported in the order the query is written: syntax, name and value of each
    /// pair first, then the switch's proportions, then the image size.
    public static func parse(query: String) throws(SpecError) -> RenderSpec {
        var given = QueryValues()
        var seen: Set<String> = []
        for pair in try QueryString.pairs(in: query) {
            guard let parameter = parametersByName[pair.name] else {
                throw unknownParameterError(pair.name)
            }
            guard seen.insert(pair.name).inserted else {
                throw SpecError(
                    parameter: pair.name,
                    allowed: "each parameter at most once",
                    detail: "\(pair.name) is given more than once; give it once"
                )
            }
            try parameter.record(pair.value, &given)
        }
        return try RenderSpec(resolving: given)
    }

    /// Combines explicit values with the defaults of the chosen component, shape and style, then
    /// checks what only the combination can show.
    init(resolving given: QueryValues) throws(SpecError) {
        self.init()
        component = given.component ?? component
        style = given.style ?? style
        switch component {
        case .button, .toggle:
            isActive = (component == .button ? given.pressed : given.on) ?? isActive
            shape = given.shape ?? shape
            let frame = Self.defaultFrame(for: component, shape: shape)
            switch shape {
            case .circle:
                width = given.size ?? frame.width
                height = width
                radius = width / 2
            case .rounded:
                width = given.width ?? frame.width
                height = given.height ?? frame.height
                radius = given.radius ?? frame.radius
            case .capsule:
                width = given.width ?? frame.width
                height = given.height ?? frame.height
                radius = height / 2
            }
            label = given.label
            textSize = label == nil ? textSize : given.textsize ?? textSize
            icon = label == nil ? given.icon ?? icon : .none
        case .switch, .well, .card:
            isActive = component.hasOnState ? given.on ?? isActive : false
            shape = .rounded
            let frame = Self.defaultFrame(for: component, shape: shape)
            width = given.width ?? frame.width
            height = given.height ?? frame.height
            radius = given.radius ?? frame.radius
            if component == .switch {
                knob = given.knob ?? knob
                padding = given.padding ?? padding
            }
            if component == .well {
                depth = given.depth ?? depth
            }
            icon = .none
        }
        scale = given.scale ?? scale
        margin = given.margin ?? Self.defaultMargin(for: component, style: style)
        background = given.background ?? background
        format = given.format ?? format
        contrast = given.contrast ?? contrast
        simulation = given.simulate ?? simulation
        try checkSwitchProportions()
        try checkCanvas()
    }

    private static func unknownParameterError(_ name: String) -> SpecError {
        let hint = parametersByName[name.lowercased()] != nil ? "; names are lowercase, as in \(name.lowercased())" : ""
        let allowed = "one of " + parameterNames.joined(separator: ", ")
        return SpecError(
            parameter: MessageText.escaped(name),
            allowed: allowed,
            detail: "unknown parameter \(MessageText.quoted(name)); parameters are \(allowed)\(hint)"
        )
    }
}
