extension RenderSpec {
    /// How a component is drawn: the style's recipe and what the query changes of it.
    public struct Look: Sendable, Hashable {
        /// The recipe: `style`.
        public var style: Style
        /// The dark appearance's style of a light or soft `scheme=auto` answer: `dark`; `nil` otherwise.
        public var darkStyle: Style?
        /// The surface colour: `color`; `.style` for the style's own palette.
        public var color: ColorChoice
        /// The colorful style's blue: `accent`, `.style` for the article's; `nil` for the other styles,
        /// which have none.
        public var accent: ColorChoice?
        /// Where the light comes from: `light`.
        public var light: Light
        /// How far highlight and shadow move from the surface, in OKLab lightness: `intensity`
        /// (the style's own by default).
        public var intensity: Double
        /// The main shadow's offset in points: `distance` (the style's own by default).
        public var distance: Double
        /// The main shadow's radius (σ) in points: `blur` (the style's own by default).
        public var blur: Double
        /// The style's variant: `contrast`.
        public var contrast: Contrast
        /// The size of a label and its icon: `textsize`; `nil` where no label or icon is drawn.
        public var textSize: TextSize?
        /// The letters of labels and the switch's words: `font`; `nil` where no text is drawn.
        public var font: Font?
        /// The BCP 47 tag of the text's language (`lang`), in canonical case; `nil` when not given or
        /// no text is drawn, and the text's scripts decide.
        public var language: String?
    }
}

extension RenderSpec.Look {
    /// The look of resolved values, holding only what applies.
    init(resolved values: QueryValues) {
        typealias Parameter = RenderSpec.Parameter
        style = values.resolved(Parameter.style)
        darkStyle = values[Parameter.dark]
        color = values.resolved(Parameter.color)
        accent = values[Parameter.accent]
        light = values.resolved(Parameter.light)
        intensity = values.resolved(Parameter.intensity)
        distance = values.resolved(Parameter.distance)
        blur = values.resolved(Parameter.blur)
        contrast = values.resolved(Parameter.contrast)
        textSize = values[Parameter.textsize]
        font = values[Parameter.font]
        language = values[Parameter.lang]
    }
}
