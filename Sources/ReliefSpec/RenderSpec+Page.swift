extension RenderSpec {
    /// A look and an output without a component: what a screen's query sets for the whole screen
    /// (SPEC §14), read from ``QuerySettings`` through the same entries of the table as a `/render`
    /// query, with the same defaults and errors.
    ///
    /// The table's tests on the component hold wherever they name one, since any component may be
    /// drawn in a page's look: `textsize`, `font` and `lang` take their value or default for the words
    /// on the page, and `animate` its value for the components that change state.
    public struct Page: Sendable, Hashable {
        /// The look of the page: its style and what the settings change of it.
        public var look: Look
        /// What the answer is and the canvas it is drawn on.
        public var output: Output

        /// The page `settings` set, checked as `/render` checks a query: a simulation needs an image
        /// format (the error names `simulate`), an animation an animated one (naming `animate`, or
        /// `format` for an AVIF).
        public init(settings: QuerySettings) throws(SpecError) {
            let (given, resolved) = Self.resolve(settings)
            look = Look(resolved: resolved)
            output = Output(resolved: resolved)
            try output.checkFormatShowsSimulation()
            try output.checkAnimationFormat(given: given)
        }

        /// The names of the parameters a look and an output read: what a page's query may set.
        public static let parameterNames: Set<String> = [
            "style", "scheme", "dark", "font", "lang", "scale", "color", "accent", "light", "intensity",
            "distance", "blur", "margin", "background", "format", "textsize", "contrast", "simulate",
            "animate", "fps", "loop",
        ]

        /// The indices in ``RenderSpec/parameters`` of the entries a look and an output read, in the table's order.
        static let entries: [Int] = RenderSpec.parameters.indices.filter {
            parameterNames.contains(RenderSpec.parameters[$0].name)
        }

        /// The values `settings` give, and those in effect on a page: each of ``entries``
        /// resolved in order as for any component.
        static func resolve(_ settings: QuerySettings) -> (given: QueryValues, resolved: QueryValues) {
            var given = QueryValues()
            for index in entries {
                let parameter = RenderSpec.parameters[index]
                guard let text = settings[parameter.name] else { continue }
                do {
                    try parameter.record(text, &given)
                } catch {
                    preconditionFailure("settings hold checked values: \(error)")
                }
            }
            return (given, RenderSpec.resolve(given, entries: entries, isPage: true))
        }
    }
}

extension RenderSpec.Look {
    /// The look `settings` set on a page (``RenderSpec/Page``), which needs no check: what an element
    /// of a screen that is no component is drawn in.
    public init(settings: QuerySettings) {
        self.init(resolved: RenderSpec.Page.resolve(settings).resolved)
    }
}
