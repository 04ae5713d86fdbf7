import ReliefSpec

extension RenderSpec.Appearance {
    /// Which of `appearances` each viewer setting shows, in the order in which later settings win: the
    /// default (no media query, a light appearance), `prefers-color-scheme: dark`,
    /// `prefers-contrast: more`, then both together. A setting's contrast falls back to its tone's
    /// picture where the query asked for `contrast=high` and that is the only one.
    static func shown(among appearances: [Self]) -> [(media: String?, appearance: Self)] {
        let dark = "(prefers-color-scheme: dark)", more = "(prefers-contrast: more)"
        let settings: [(media: String?, tone: Tone, contrast: RenderSpec.Contrast)] = [
            (nil, .light, .standard), (dark, .dark, .standard), (more, .light, .high), (dark + " and " + more, .dark, .high),
        ]
        return settings.compactMap { setting in
            let ofTone = appearances.filter { $0.tone == setting.tone }
            return (ofTone.first { $0.contrast == setting.contrast } ?? ofTone.first).map { (setting.media, $0) }
        }
    }
}
