import ReliefSpec
import Testing

/// One render the format tests read in another format and compare with the PNG: a gallery
/// picture, or a sample of the parameters the gallery leaves at their defaults.
struct FormatCase: Sendable, CustomTestStringConvertible {
    /// Short and unique; also part of the folder name of a failure's files.
    let name: String
    let query: String
    /// The style, for per-style summaries.
    let style: RenderSpec.Style

    var testDescription: String { name }

    /// The spec in `format`.
    func spec(_ format: RenderSpec.Format) throws -> RenderSpec {
        try RenderSpec.parse(query: query + "&format=" + format.rawValue)
    }

    /// Every style × component × state of the gallery (`Showcase`), with icons and words.
    static let gallery = Showcase.pictures.map { FormatCase(name: $0.name, query: $0.query, style: $0.style) }

    /// Colours, light, labels in other scripts (emoji included), text sizes, high contrast, the
    /// switch's own words, a transparent background and other scales.
    static let samples: [FormatCase] = [
        ("dark-button-blue-convex-light200", "style=dark&color=3366cc&surface=convex&light=200"),
        ("colorful-button-pressed-accent-light90", "style=colorful&pressed=true&accent=ff6a00&light=90"),
        ("light-button-pressed-distance-blur", "style=light&pressed=true&distance=20&blur=6&light=100"),
        ("soft-card-white-concave", "component=card&style=soft&color=ffffff&surface=concave"),
        ("soft-well-black-light45", "component=well&style=soft&color=000000&light=45"),
        ("light-capsule-han", "style=light&shape=capsule&label=%E7%AB%8B%E5%8D%B3%E8%A8%82%E8%B3%BC"),
        ("dark-capsule-arabic", "style=dark&shape=capsule&label=%D8%A7%D8%B7%D9%84%D8%A8%20%D8%A7%D9%84%D8%A2%D9%86"),
        ("soft-capsule-emoji", "style=soft&shape=capsule&label=Hot%20%F0%9F%8D%95"),
        ("colorful-rounded-star-label-ax2", "style=colorful&shape=rounded&icon=star&label=Order%20now&textsize=ax2"),
        ("light-toggle-on-serif-xl", "component=toggle&style=light&on=true&label=Caf%C3%A9&font=serif&textsize=xl"),
        ("light-button-high-contrast-pressed", "style=light&pressed=true&contrast=high"),
        ("dark-switch-on-high-contrast", "component=switch&style=dark&on=true&contrast=high"),
        ("soft-switch-words", "component=switch&style=soft&onlabel=Ja&offlabel=Nein"),
        ("colorful-rounded-pressed-transparent", "style=colorful&shape=rounded&pressed=true&background=transparent"),
        ("light-card-scale1", "component=card&style=light&surface=convex&light=300&scale=1"),
        ("dark-well-shallow-scale3", "component=well&style=dark&depth=shallow&scale=3"),
        ("light-checkbox-on-arabic", "component=checkbox&style=light&on=true&label=%D8%A7%D8%B4%D8%AA%D8%B1%D9%83"),
        ("colorful-checkbox-on-accent-light90", "component=checkbox&style=colorful&on=true&accent=ff6a00&light=90"),
        ("soft-radio-on-emoji-xl", "component=radio&style=soft&on=true&label=Pizza%20%F0%9F%8D%95&textsize=xl"),
        ("dark-radio-high-contrast", "component=radio&style=dark&on=true&contrast=high"),
        ("light-textfield-hebrew-focused", "component=textfield&style=light&focused=true&text=%D7%A9%D7%9C%D7%95%D7%9D"),
        ("dark-textfield-blue-ax3", "component=textfield&style=dark&color=3366cc&text=Hello&textsize=ax3"),
        (
            "soft-textfield-long-transparent",
            "component=textfield&style=soft&background=transparent&text="
                + String(
                    repeating: "Overflowing%20", count: 4)
        ),
        ("colorful-textfield-focused-scale1", "component=textfield&style=colorful&focused=true&scale=1"),
    ].map { name, query in
        let style = RenderSpec.Style.allCases.first { query.contains("style=\($0.rawValue)") } ?? .light
        return FormatCase(name: name, query: query + (query.contains("scale=") ? "" : "&scale=2"), style: style)
    }
}
