extension RenderSpec: ParameterContext {
    /// The values in effect for a query that states `given`: through the table in order, each
    /// parameter that applies takes its given value or its default; the others take none.
    static func resolve(_ given: QueryValues) -> QueryValues {
        var resolved = QueryValues()
        for parameter in parameters {
            parameter.resolve(given, &resolved)
        }
        return resolved
    }

    /// The spec of resolved values. Fields whose parameters do not apply take the fixed values
    /// their documentation lists; a circle's frame is `size` × `size`, and a circle's or capsule's
    /// radius half its height.
    init(resolved values: QueryValues) {
        component = Self.resolvedEverywhere(values.component, "component")
        style = Self.resolvedEverywhere(values.style, "style")
        isActive = values.pressed ?? values.on ?? false
        shape = values.shape ?? .rounded
        width = values.size ?? Self.resolvedEverywhere(values.width, "width (where size is not)")
        height = values.size ?? Self.resolvedEverywhere(values.height, "height (where size is not)")
        radius = values.radius ?? height / 2
        depth = values.depth ?? .deep
        knob = values.knob ?? 20
        padding = values.padding ?? 10
        icon = values.icon ?? .none
        label = values.label
        onLabel = values.onlabel ?? Self.defaultOnLabel
        offLabel = values.offlabel ?? Self.defaultOffLabel
        font = values.font ?? .sans
        language = values.lang
        scale = Self.resolvedEverywhere(values.scale, "scale")
        color = Self.resolvedEverywhere(values.color, "color")
        accent = values.accent ?? .style
        light = Self.resolvedEverywhere(values.light, "light")
        intensity = Self.resolvedEverywhere(values.intensity, "intensity")
        distance = Self.resolvedEverywhere(values.distance, "distance")
        blur = Self.resolvedEverywhere(values.blur, "blur")
        surface = values.surface ?? .flat
        margin = Self.resolvedEverywhere(values.margin, "margin")
        background = Self.resolvedEverywhere(values.background, "background")
        format = Self.resolvedEverywhere(values.format, "format")
        textSize = values.textsize ?? .l
        contrast = Self.resolvedEverywhere(values.contrast, "contrast")
        simulation = Self.resolvedEverywhere(values.simulate, "simulate")
        // fps and loop apply exactly where animate is true.
        animation = values.fps.map { Animation(framesPerSecond: $0, loops: values.loop ?? false) }
    }

    /// The resolved value of a parameter that the table makes apply, with a default, wherever this
    /// is called for it.
    private static func resolvedEverywhere<Value>(_ value: Value?, _ name: String) -> Value {
        guard let value else { preconditionFailure("the parameter table leaves \(name) without a value") }
        return value
    }

    func value(of parameter: QueryParameter) -> String? {
        parameter.specText(self)
    }

    /// A resolved spec holds a value for every parameter with a default, so only those without one
    /// (a label) can be missing, and they are there exactly when given (and applicable).
    func isGiven(_ parameter: QueryParameter) -> Bool {
        parameter.specText(self) != nil
    }
}
