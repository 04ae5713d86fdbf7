import ReliefSpec

extension RenderSpec.Appearance {
    /// A viewer's setting the adapting formats tell apart: a light or dark appearance, with
    /// Increase Contrast on or off.
    struct ViewerSetting: Hashable {
        var tone: Tone
        var contrast: RenderSpec.Contrast

        /// The CSS media query that matches the setting; nil for the default (a light appearance at
        /// standard contrast), which needs none.
        var media: String? {
            let dark = tone == .dark ? "(prefers-color-scheme: dark)" : nil
            let more = contrast == .high ? "(prefers-contrast: more)" : nil
            let queries = [dark, more].compactMap { $0 }
            return queries.isEmpty ? nil : queries.joined(separator: " and ")
        }
    }

    /// Which of `appearances` each viewer setting shows, in the order in which later settings win: the
    /// default (no media query, a light appearance), `prefers-color-scheme: dark`,
    /// `prefers-contrast: more`, then both together. A setting's contrast falls back to its tone's
    /// picture where the query asked for `contrast=high` and that is the only one.
    static func shown(among appearances: [Self]) -> [(setting: ViewerSetting, appearance: Self)] {
        let settings = [(Tone.light, RenderSpec.Contrast.standard), (.dark, .standard), (.light, .high), (.dark, .high)]
            .map { ViewerSetting(tone: $0, contrast: $1) }
        return settings.compactMap { setting in
            let ofTone = appearances.filter { $0.tone == setting.tone }
            return (ofTone.first { $0.contrast == setting.contrast } ?? ofTone.first).map { (setting, $0) }
        }
    }
}
