extension RenderSpec {
    /// Parses a `/render` query string (the part after `?`, e.g. `style=colorful&pressed=true`)
    /// into a validated spec with every default filled in. The empty string gives all defaults.
    ///
    /// The rules, shared by the HTTP service and `relief render`:
    /// - Pairs are `name=value`, joined by `&`; empty pairs (from `&&` or a trailing `&`) are
    ///   skipped; a name without `=` has an empty value. `%XX` escapes are UTF-8 bytes and `+` is a
    ///   space, in names and values alike.
    /// - Names and enum values are lowercase and case-sensitive. An unknown name, or a name given
    ///   twice, is an error; an unknown name's error suggests the name it most likely meant.
    /// - Booleans are `true`, `false`, `1` or `0`. Numbers are plain decimals (`80`, `80.5`):
    ///   no sign, exponent, or bare point, at most ``Limits/maxNumberCharacters`` characters.
    /// - Every value given is checked, including those of parameters that do not apply to the
    ///   component; those are then ignored (see ``canonicalQuery``). Where each parameter applies,
    ///   and its defaults, are the data of ``parameters``.
    /// - `isActive` is `pressed` for a button and `on` for a toggle or switch; a well or card is
    ///   never active.
    /// - A circle's frame is `size` × `size` and its radius half of that; a rounded rectangle's is
    ///   `width` × `height` with `radius`; a capsule's is `width` × `height` with radius half the
    ///   height. Beside a `label` the icon is `.none` unless `icon` is given.
    /// - Switches, wells and cards are rounded rectangles (`shape` is `.rounded`) of `width` ×
    ///   `height` and `radius`, with no icon or label. A switch needs `height + knob ≤ width` and
    ///   `2 × padding < height`.
    /// - The image, in pixels, must stay within ``Limits/maxSide`` a side and ``Limits/maxPixels``
    ///   in all; otherwise the error names `scale`.
    /// - `animate=true` needs a component with a state to change (button, toggle or switch) and
    ///   `format=png`, `webp` or `auto`: on a well or card, or in a text format (naming `animate`) or
    ///   an AVIF (naming `format`), it is an error, not ignored. The
    ///   renderer checks an animation's frames against ``Limits/maxAnimationPixels`` once it knows
    ///   how many there are.
    /// - A `simulate` other than `none` needs an image format (`png`, `webp`, `avif`, `auto`): the others cannot hold a
    ///   simulation, and the error names `simulate`.
    /// - `scheme=auto` needs a format that adapts to the viewer's appearance (svg, html, css);
    ///   with png, json or swiftui the error names `scheme`. Each of its appearances
    ///   (``appearances()``) must be a valid spec too.
    ///
    /// Errors are reported in the order the query is written: the name and then the value of each
    /// pair first (a name that does not decode is an error about the `query`; a value that does
    /// not decode, as its %XX escapes are malformed or not UTF-8, names its parameter), then the
    /// switch's proportions, then the simulation's format, then the scheme's format, then the image size, then the animation
    /// (its component, then its format).
    ///
    /// `format`, when given, is the format of a query that names none: the command line's, taken
    /// from the output file's extension.
    public static func parse(query: String, format: Format? = nil) throws(SpecError) -> RenderSpec {
        var given = QueryValues()
        var seen: Set<String> = []
        for pair in QueryString.pairs(in: query) {
            let name = try pair.name()
            guard let parameter = parametersByName[name] else {
                throw unknownParameterError(name, names: parameterNames)
            }
            guard seen.insert(name).inserted else { throw givenTwiceError(name) }
            try parameter.record(pair.value(of: parameter), &given)
        }
        given[Parameter.format] = given[Parameter.format] ?? format
        let spec = RenderSpec(resolved: resolve(given))
        try spec.component.options.checkProportions()
        try spec.output.checkFormatShowsSimulation()
        try spec.checkSchemeFormat()
        try spec.checkCanvas()
        try spec.checkAnimation(given: given)
        try spec.output.checkAnimationFormat(given: given)
        try spec.checkFrom(given: given)
        _ = try spec.appearances()
        return spec
    }

    /// A query's `name` that is none of `names`, listed in their order, then the one it most likely
    /// meant: the same name in lowercase, a synonym's (``parameterSynonyms``), or one a few edits away.
    static func unknownParameterError(_ name: String, names: [String]) -> SpecError {
        let allowed = "one of " + names.joined(separator: ", ")
        let suggestion = NameSuggestion.nearest(to: name, among: names, synonyms: parameterSynonyms)
        return SpecError(
            parameter: MessageText.escaped(name),
            allowed: allowed,
            detail: "unknown parameter \(MessageText.quoted(name)); parameters are \(allowed)"
                + NameSuggestion.sentence(suggestion),
            suggestion: suggestion
        )
    }

    /// A query's `name` given a second time.
    static func givenTwiceError(_ name: String) -> SpecError {
        SpecError(
            parameter: MessageText.escaped(name), allowed: "each parameter at most once",
            detail: "\(MessageText.escaped(name)) is given more than once; give it once")
    }
}
