extension RenderSpec.Format {
    /// What the parser, file names and `/openapi.json` know of a format: the keys of its row in the
    /// one table of formats (``keys``). The back end that writes it lives in ReliefRender, which maps
    /// each of these ids to its writer; a test there holds both to the same ids.
    public struct Keys: Sendable, Hashable {
        /// The `Content-Type` of an answer (SPEC §10); text says its charset, as every text Relief
        /// writes is UTF-8.
        public let mediaType: String
        /// The file name extensions, without the dot, that name the format; the first is the one a
        /// saved file gets.
        public let fileExtensions: [String]
        /// What the playground calls the format.
        public let label: String
        /// Whether the answer is an image of pixels, which alone can show the finished picture as a
        /// `simulate` viewer sees it.
        public let showsSimulation: Bool
        /// Whether one answer holds the light and the dark appearance and lets the viewer's settings
        /// pick (`scheme=auto`): media queries in SVG, CSS and HTML, the environment's `colorScheme`
        /// and `colorSchemeContrast` in SwiftUI code.
        public let adaptsToAppearance: Bool
        /// Whether `animate=true` can be answered in the format: an animated PNG or WebP.
        public var animates = false
        /// For `auto` alone: the formats it chooses among by the request's `Accept`, the most
        /// preferred first (SPEC §10); empty for a format that is itself.
        public var negotiatedFormats: [RenderSpec.Format] = []
    }

    /// The format's row of the table of formats.
    public var keys: Keys {
        switch self {
        case .png:
            Keys(
                mediaType: "image/png", fileExtensions: ["png"], label: "PNG image", showsSimulation: true,
                adaptsToAppearance: false, animates: true)
        case .svg:
            Keys(
                mediaType: "image/svg+xml", fileExtensions: ["svg"], label: "SVG image", showsSimulation: false,
                adaptsToAppearance: true)
        case .css:
            Keys(
                mediaType: "text/css; charset=utf-8", fileExtensions: ["css"], label: "CSS rule", showsSimulation: false,
                adaptsToAppearance: true)
        case .html:
            Keys(
                mediaType: "text/html; charset=utf-8", fileExtensions: ["html", "htm"], label: "HTML page",
                showsSimulation: false, adaptsToAppearance: true)
        case .swiftui:
            Keys(
                mediaType: "text/x-swift; charset=utf-8", fileExtensions: ["swift"], label: "SwiftUI code",
                showsSimulation: false, adaptsToAppearance: true)
        case .json:
            Keys(
                mediaType: "application/json", fileExtensions: ["json"], label: "design tokens (JSON)",
                showsSimulation: false, adaptsToAppearance: false)
        case .webp:
            Keys(
                mediaType: "image/webp", fileExtensions: ["webp"], label: "WebP image (lossless)", showsSimulation: true,
                adaptsToAppearance: false, animates: true)
        case .avif:
            Keys(
                mediaType: "image/avif", fileExtensions: ["avif"], label: "AVIF image (stills)", showsSimulation: true,
                adaptsToAppearance: false)
        case .auto:
            // Without a request to choose by (a file of `relief render`), the PNG.
            Keys(
                mediaType: "image/png", fileExtensions: [], label: "AVIF, WebP or PNG, as the browser accepts",
                showsSimulation: true, adaptsToAppearance: false, animates: true, negotiatedFormats: [.avif, .webp, .png])
        }
    }

    /// The format an answer is written in when no request chooses: `auto`'s last choice, the PNG;
    /// any other format itself.
    public var written: RenderSpec.Format { keys.negotiatedFormats.last ?? self }

    /// The `Content-Type` of an answer in this format.
    public var mediaType: String { keys.mediaType }

    /// The file name extension of a file in this format, without the dot: `swift` for SwiftUI code.
    public var fileExtension: String { written.keys.fileExtensions[0] }

    /// The format a file name extension (without the dot, any case) names, `htm` and `swift`
    /// included; nil for others.
    public init?(fileExtension: String) {
        let lowercased = fileExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.keys.fileExtensions.contains(lowercased) }) else { return nil }
        self = format
    }

    /// Whether the answer is an image of pixels (``Keys/showsSimulation``).
    public var showsSimulation: Bool { keys.showsSimulation }

    /// Whether one answer holds both appearances (``Keys/adaptsToAppearance``).
    public var adaptsToAppearance: Bool { keys.adaptsToAppearance }
}

extension RenderSpec {
    /// A name for the file of this render: `relief-colorful-button-pressed.svg`.
    public var fileName: String {
        let activeWord = component.isActive ? type(of: component.options).stateWords?.active : nil
        let state = activeWord.map { "-" + $0 } ?? ""
        return "relief-\(look.style.rawValue)-\(component.kind.rawValue)\(state).\(output.format.fileExtension)"
    }
}

extension RenderSpec.Output {
    /// A simulation changes the finished pixels, so only a PNG can hold it: the other formats are the
    /// scene itself, which a viewer with that vision would see through their own eyes.
    func checkFormatShowsSimulation() throws(SpecError) {
        typealias Format = RenderSpec.Format
        guard simulation != .none, !format.showsSimulation else { return }
        let pixelFormats = Format.allCases.filter(\.showsSimulation).map(\.rawValue).joined(separator: ", ")
        throw SpecError(
            parameter: "simulate",
            allowed: "none with format=\(format.rawValue); a simulation is drawn into the pixels of format=\(pixelFormats)",
            detail: "simulate=\(simulation.rawValue) cannot be expressed in format=\(format.rawValue): it changes the "
                + "finished pixels, which only format=\(pixelFormats) holds; leave simulate out or ask for \(pixelFormats)")
    }
}
