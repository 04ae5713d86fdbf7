import ReliefGeometry

extension RenderSpec {
    /// Whether an answer shows the style asked for alone or follows the viewer's appearance: `scheme`.
    public enum Scheme: String, Sendable, CaseIterable {
        /// The query's style, as drawn before schemes existed.
        case fixed
        /// The light and the dark appearance, each with its `contrast=high` variant, picked by the
        /// viewer's `prefers-color-scheme` and `prefers-contrast`.
        case auto
    }

    /// One picture a `scheme=auto` answer holds: an appearance, light or dark, in one contrast.
    public struct Appearance: Sendable, Hashable {
        /// Whether the picture is for a viewer who asked for a light or a dark appearance.
        public enum Tone: String, Sendable, CaseIterable {
            case light, dark
        }

        /// Light or dark.
        public var tone: Tone
        /// The spec of this picture alone, with `scheme=fixed`: its style, colours and contrast.
        public var spec: RenderSpec

        /// The contrast the picture is drawn in.
        public var contrast: Contrast { spec.look.contrast }

        /// `light`, `dark`, `light-high` or `dark-high`: the name back ends and `/audit` give the picture.
        public var name: String {
            contrast == .high ? tone.rawValue + "-high" : tone.rawValue
        }
    }
}

extension RenderSpec.Style {
    /// Whether the style is a dark appearance (dark, colorful), whose light counterpart in
    /// `scheme=auto` is ``light``; light and soft are light appearances.
    public var isDarkBased: Bool {
        self == .dark || self == .colorful
    }
}

extension RenderSpec {
    /// The pictures of the answer: the spec alone for `scheme=fixed`; for `scheme=auto` the light
    /// and the dark appearance, then, where the query's contrast is standard, their `contrast=high`
    /// variants, in that order.
    ///
    /// The query's style is the appearance of its tone; the other tone's style is `dark` (default
    /// `dark`) for light and soft, and `light` for dark and colorful. Every other parameter holds for
    /// both, read again through the table for the other style (its own intensity, distance and blur
    /// unless the query gives them); a `color` or opaque `background` becomes the other tone's by
    /// ``RGB/mirroredLightness``. The parser has checked that every picture is a valid spec.
    public func appearances() throws(SpecError) -> [Appearance] {
        let ownTone: Appearance.Tone = look.style.isDarkBased ? .dark : .light
        guard output.scheme == .auto else { return [Appearance(tone: ownTone, spec: self)] }
        let otherStyle = ownTone == .light ? (look.darkStyle ?? .dark) : .light
        let own = try variant(style: look.style, contrast: look.contrast, mirrored: false)
        let other = try variant(style: otherStyle, contrast: look.contrast, mirrored: true)
        let (light, dark) = ownTone == .light ? (own, other) : (other, own)
        var pictures = [Appearance(tone: .light, spec: light), Appearance(tone: .dark, spec: dark)]
        if look.contrast == .standard {
            pictures += [
                Appearance(tone: .light, spec: try light.variant(style: light.look.style, contrast: .high, mirrored: false)),
                Appearance(tone: .dark, spec: try dark.variant(style: dark.look.style, contrast: .high, mirrored: false)),
            ]
        }
        return pictures
    }

    /// This spec with `scheme=fixed` in `style` and `contrast`, its colours mirrored into the other
    /// tone if `mirrored`: the canonical query rewritten and parsed again, so defaults that follow
    /// the style follow it.
    private func variant(style: Style, contrast: Contrast, mirrored: Bool) throws(SpecError) -> RenderSpec {
        let mirroredNames: Set<String> = mirrored ? ["color", "background"] : []
        var pairs = [Parameter.contrast.entry.name + "=" + contrast.rawValue]
        for pair in canonicalQuery.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let (name, value) = (parts[0], parts.count > 1 ? parts[1] : "")
            switch name {
            case Parameter.scheme.entry.name, Parameter.dark.entry.name, Parameter.contrast.entry.name: continue
            case Parameter.style.entry.name: pairs.append(name + "=" + style.rawValue)
            case _ where mirroredNames.contains(name):
                pairs.append(name + "=" + (RGB(hex: value)?.mirroredLightness.hex ?? value))
            default: pairs.append(String(pair))
            }
        }
        return try Self.parse(query: pairs.joined(separator: "&"))
    }

    /// `scheme=auto` needs a format that holds both appearances and lets the viewer's settings pick
    /// one: a PNG is one picture, JSON one set of tokens, SwiftUI code written for one appearance.
    func checkSchemeFormat() throws(SpecError) {
        let format = output.format
        guard output.scheme == .auto, !format.adaptsToAppearance else { return }
        let adapting = Format.allCases.filter(\.adaptsToAppearance).map(\.rawValue).joined(separator: ", ")
        throw SpecError(
            parameter: "scheme",
            allowed: "fixed with format=\(format.rawValue); auto with format=\(adapting)",
            detail: "scheme=auto follows the viewer's light or dark setting, and format=\(format.rawValue) holds one "
                + "appearance; ask for format=\(adapting), or leave scheme out and ask for each style")
    }
}

extension RenderSpec.RGB {
    /// The colour of the other tone: in OKLab, lightness L becomes 1.2 − L, clamped to 0...1,
    /// keeping the hue (a and b), with chroma reduced only as far as sRGB needs. A light surface
    /// (L 0.9) becomes a dark one (L 0.3) and back; the fixed point is L 0.6.
    public var mirroredLightness: RenderSpec.RGB {
        let lab = Color(Int(red), Int(green), Int(blue)).okLab
        let mirrored = Color(lab.mappedIntoSRGB(lightness: 1.2 - lab.lightness))
        return RenderSpec.RGB(
            red: UInt8(mirrored.byte(\.red)), green: UInt8(mirrored.byte(\.green)), blue: UInt8(mirrored.byte(\.blue)))
    }

    /// The colour six hex digits `rrggbb` name, any case; nil for other text.
    init?(hex: String) {
        guard hex.utf8.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff))
    }
}

extension Color {
    /// A channel of an opaque colour built from whole 8-bit values, as that whole value.
    fileprivate func byte(_ channel: KeyPath<Color, Double>) -> Int {
        Int((self[keyPath: channel] * 255).rounded())
    }
}
