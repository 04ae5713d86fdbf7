extension RenderSpec.Format {
    /// The `Content-Type` of an answer in this format (SPEC §10); text says its charset, as every
    /// text Relief writes is UTF-8.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .css: "text/css; charset=utf-8"
        case .html: "text/html; charset=utf-8"
        case .swiftui: "text/x-swift; charset=utf-8"
        case .json: "application/json"
        }
    }

    /// The file name extension of a file in this format, without the dot: `swift` for SwiftUI code.
    public var fileExtension: String {
        self == .swiftui ? "swift" : rawValue
    }

    /// The format a file name extension (without the dot, any case) names, `htm` and `swift`
    /// included; nil for others.
    public init?(fileExtension: String) {
        let lowercased = fileExtension.lowercased()
        switch lowercased {
        case "htm": self = .html
        case "swift": self = .swiftui
        default: self.init(rawValue: lowercased)
        }
    }

    /// Whether the answer is an image of pixels, which alone can show the finished picture as a
    /// `simulate` viewer sees it.
    public var showsSimulation: Bool {
        self == .png
    }
}

extension RenderSpec {
    /// A name for the file of this render: `relief-colorful-button-pressed.svg`.
    public var fileName: String {
        let activeWord = component.isActive ? type(of: component.options).stateWords?.active : nil
        let state = activeWord.map { "-" + $0 } ?? ""
        return "relief-\(look.style.rawValue)-\(component.kind.rawValue)\(state).\(output.format.fileExtension)"
    }

    /// A simulation changes the finished pixels, so only a PNG can hold it: the other formats are the
    /// scene itself, which a viewer with that vision would see through their own eyes.
    func checkFormatShowsSimulation() throws(SpecError) {
        let simulation = output.simulation, format = output.format
        guard simulation != .none, !format.showsSimulation else { return }
        let pixelFormats = Format.allCases.filter(\.showsSimulation).map(\.rawValue).joined(separator: ", ")
        throw SpecError(
            parameter: "simulate",
            allowed: "none with format=\(format.rawValue); a simulation is drawn into the pixels of format=\(pixelFormats)",
            detail: "simulate=\(simulation.rawValue) cannot be expressed in format=\(format.rawValue): it changes the "
                + "finished pixels, which only format=\(pixelFormats) holds; leave simulate out or ask for \(pixelFormats)")
    }
}
