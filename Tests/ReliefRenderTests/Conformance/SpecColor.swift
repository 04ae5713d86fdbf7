/// An sRGB colour of the contract's palette (SPEC §2), as the SVG side of the conformance suite
/// writes it. Kept apart from the renderer's own palette so a wrong value there shows up as a
/// difference here.
struct SpecColor: Sendable, Hashable {
    var red: Int
    var green: Int
    var blue: Int
    /// 0...1; SVG takes it apart from the colour (`fill-opacity`, `stop-opacity`, `flood-opacity`).
    var opacity: Double

    init(_ red: Int, _ green: Int, _ blue: Int, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    func opacity(_ opacity: Double) -> SpecColor {
        SpecColor(red, green, blue, opacity: opacity)
    }

    /// The colour without its opacity, as an SVG `<color>`.
    var svgColor: String { "rgb(\(red),\(green),\(blue))" }
}
