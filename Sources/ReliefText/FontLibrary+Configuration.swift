extension FontLibrary {
    /// Where the font files are: for each weight, candidate paths tried in order.
    public struct Configuration: Sendable, Hashable {
        /// Candidate files for `FontWeight.regular`, the first that opens is used.
        public var regular: [String]
        /// Candidate files for `FontWeight.semibold`, the first that opens is used.
        public var semibold: [String]
        /// Candidate files for `FontWeight.bold`, the first that opens is used.
        public var bold: [String]
        /// Advice appended to a missing-font error, such as which package provides the files.
        public var installHint: String?

        /// A configuration trying the given files for each weight, in order.
        public init(regular: [String], semibold: [String], bold: [String], installHint: String? = nil) {
            self.regular = regular
            self.semibold = semibold
            self.bold = bold
            self.installHint = installHint
        }

        /// The candidate files for `weight`, in the order they are tried.
        public func fontFiles(for weight: FontWeight) -> [String] {
            switch weight {
            case .regular: regular
            case .semibold: semibold
            case .bold: bold
            }
        }

        /// Inter from Debian's fonts-inter, falling back to DejaVu Sans from fonts-dejavu-core
        /// (which has no semibold, so semibold falls back to its bold).
        public static let standard = Configuration(
            regular: [inter + "Inter-Regular.otf", dejaVu + "DejaVuSans.ttf"],
            semibold: [inter + "Inter-SemiBold.otf", dejaVu + "DejaVuSans-Bold.ttf"],
            bold: [inter + "Inter-Bold.otf", dejaVu + "DejaVuSans-Bold.ttf"],
            installHint: "install fonts-inter, or fonts-dejavu-core"
        )

        private static let inter = "/usr/share/fonts/opentype/inter/"
        private static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    }
}
